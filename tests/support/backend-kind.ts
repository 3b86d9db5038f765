/** The two databases the server runs on: the embedded one (PGlite) and PostgreSQL. */
export type BackendKind = 'embedded' | 'postgres';
export const BACKENDS: readonly BackendKind[] = ['embedded', 'postgres'];

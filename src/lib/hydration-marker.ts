/**
 * `data-hydrated` on <html> once React has hydrated every island of the page:
 * from then on each control answers as the visitor expects. Tests wait on it
 * before they click, type or read what only the client draws. Nothing styles
 * it, so setting it changes nothing a visitor sees.
 *
 * React commits the shell first and hydrates each island (a Suspense boundary,
 * src/app.tsx) later, in any order, so the shell reports every island it holds
 * and each island reports when its own content has hydrated.
 */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

const islands = new Set<string>();
const hydrated = new Set<string>();
let shellCommitted = false;

function markIfDone() {
  if (!shellCommitted || [...islands].some((id) => !hydrated.has(id))) return;
  document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
}

/** From an island's wrapper, outside its boundary: committed with the shell. */
export function islandInShell(id: string) {
  islands.add(id);
}

/** From the shell's root, whose effects run after every wrapper's. */
export function shellHydrated() {
  shellCommitted = true;
  markIfDone();
}

/** From inside an island's boundary: runs once that island has hydrated. */
export function islandHydrated(id: string) {
  hydrated.add(id);
  markIfDone();
}

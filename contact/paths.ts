/** This project's server takes a native form POST at this path (server/native-form/plugin.ts). */
export const NATIVE_FORM_PATH = '/contact';

/** The confirmation page's URL, the target of the 303 after a stored native-form submission. */
export const SENT_PATH = '/contact/sent/';

/**
 * Where Supabase serves PostgREST and Supabase Auth, on hosted Supabase and on
 * this project's server alike: the site posts leads and the inbox reads and
 * signs in under them, wherever the API is (docs/architecture.md).
 */
export const REST_PREFIX = '/rest/v1';
export const AUTH_PREFIX = '/auth/v1';

/** This project's server takes a native form POST at this path (server/native-form/native-form-plugin.ts). */
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

/** The agency's inbox: the page, its service worker's scope and every link to a lead. */
export const INBOX_PATH = '/inbox/';

/**
 * A lead in the inbox is `#lead=<id>` in the fragment: a link that only opens the lead (after
 * sign-in), never acts, since mail scanners follow links; and the fragment reaches no server, so
 * no lead's id lands in a log.
 */
const LEAD_FRAGMENT = '#lead=';

/** One lead's fragment, `#lead=<id>`: the inbox's own links to a lead. */
export const leadFragment = (id: number | string): string =>
  `${LEAD_FRAGMENT}${encodeURIComponent(String(id))}`;

/** The inbox: `/inbox/`, under `site` (an origin, no trailing slash) if given. */
export const inboxUrl = (site = ''): string => `${site}${INBOX_PATH}`;

/** The inbox's link to one lead: `/inbox/#lead=<id>`, under `site` (an origin, no trailing slash) if given. */
export const leadUrl = (id: number | string, site = ''): string =>
  `${inboxUrl(site)}${leadFragment(id)}`;

/** The lead a fragment names (`#lead=42` → 42), or null for any other fragment. */
export function leadIdOf(fragment: string): number | null {
  if (!fragment.startsWith(LEAD_FRAGMENT)) return null;
  const id = Number(fragment.slice(LEAD_FRAGMENT.length));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

import { siteConfig } from '../config/site';

/**
 * Where the inbox's API is (hosted Supabase, or our API on another origin, else this
 * site's own server) and the headers supabase-js sends it, for the page's clients, the
 * early lead reads and the service worker alike.
 */
export function apiBase(): string {
  // The page's location, or the worker's: both are this site's origin.
  return siteConfig.apiUrl || globalThis.location.origin;
}

/** The project's key as apikey, and as the bearer unless a member's `token` is given; none without either. */
export function apiHeaders(token?: string): Record<string, string> {
  const anonKey = siteConfig.supabaseAnonKey;
  const bearer = token ?? anonKey;
  return {
    ...(anonKey ? { apikey: anonKey } : {}),
    ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
  };
}

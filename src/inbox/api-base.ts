import { siteConfig } from '../config/site';

/**
 * Where the inbox's API is (hosted Supabase, or our API on another origin, else this
 * site's own server) and the project's key, as supabase-js sends it with every request.
 * Kept apart from the clients so the early lead reads need neither.
 */
export function apiBase(): string {
  return siteConfig.apiUrl || window.location.origin;
}

/** apikey and, until a member's token replaces it, the key as the bearer; none without a key. */
export function keyHeaders(): Record<string, string> {
  const anonKey = siteConfig.supabaseAnonKey;
  return anonKey ? { apikey: anonKey, Authorization: `Bearer ${anonKey}` } : {};
}

import { PostgrestClient } from '@supabase/postgrest-js';
import { siteConfig } from '../../config/site';
import type { ContactSubmission } from './validation';

/**
 * Loaded only when a visitor submits (a dynamic import), so the client library
 * costs nothing on first view. One protocol: PostgREST's insert, answered by
 * hosted Supabase or our API on another origin when configured, else by this
 * site's own server.
 */
const client = new PostgrestClient(`${siteConfig.apiUrl || window.location.origin}/rest/v1`, {
  headers: siteConfig.supabaseAnonKey
    ? {
        apikey: siteConfig.supabaseAnonKey,
        Authorization: `Bearer ${siteConfig.supabaseAnonKey}`,
      }
    : {},
});

export async function submitContact(submission: ContactSubmission): Promise<void> {
  const { error } = await client.from('contact_submissions').insert(submission);
  if (error) throw error;
}

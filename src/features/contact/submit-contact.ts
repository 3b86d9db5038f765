import { PostgrestClient } from '@supabase/postgrest-js';
import { siteConfig } from '../../config/site';
import { getProof, isProofRefused, spendProof } from './proof-of-work';
import type { ContactSubmission, SubmissionRow } from './validation';

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

/**
 * `suspectedSpam`: the hidden trap field was filled. Autofill fills hidden
 * fields too, so such a message is sent flagged, never dropped: the database
 * keeps it marked as suspected spam and does not email it.
 */
export async function submitContact(
  submission: ContactSubmission,
  { suspectedSpam = false } = {},
): Promise<void> {
  // The flag is sent only when true, so an ordinary insert is unchanged.
  const row: SubmissionRow = suspectedSpam ? { ...submission, suspected_spam: true } : submission;
  // With its proof of work (proof-of-work.ts). A refused proof (a rotated key,
  // an expired challenge) gets one fresh proof and one more try.
  const insert = async () => {
    const proof = await getProof();
    const result = await client.from('contact_submissions').insert({ ...row, proof });
    if (!result.error || isProofRefused(result.error)) spendProof(proof);
    return result;
  };
  let { error } = await insert();
  if (isProofRefused(error)) ({ error } = await insert());
  if (error) throw error;
}

import { PostgrestClient, type PostgrestError } from '@supabase/postgrest-js';
import {
  ATTEMPT_TIMEOUT_MS,
  RETRY_FIRST_DELAY_MS,
  RETRY_MAX_DELAY_MS,
  RETRY_WINDOW_MS,
} from '../../config/constants';
import { siteConfig } from '../../config/site';
import { getProof, isProofRefused, spendProof } from './proof-of-work';
import { stillPending, type PendingSubmission } from './pending-submission';
import { REST_PREFIX } from '../../../shared/paths';

/**
 * Loaded only when a message is sent (a dynamic import), so the client library
 * costs nothing on first view. One protocol: PostgREST's insert, answered by
 * hosted Supabase or our API on another origin when configured, else by this
 * site's own server.
 */
const client = new PostgrestClient(`${siteConfig.apiUrl || window.location.origin}${REST_PREFIX}`, {
  headers: siteConfig.supabaseAnonKey
    ? {
        apikey: siteConfig.supabaseAnonKey,
        Authorization: `Bearer ${siteConfig.supabaseAnonKey}`,
      }
    : {},
});

/** No response at all (status 0: offline, dropped, timed out), or a gateway's "try again". */
const NO_RESPONSE = new Set([0, 502, 503, 504]);

/** The server answered and refused: shown at once, never retried. */
export class RefusedError extends Error {
  constructor(readonly error: PostgrestError) {
    super(error.message);
    this.name = 'RefusedError';
  }
}

/**
 * One attempt: PostgREST's insert that skips a key already stored
 * (`Prefer: resolution=ignore-duplicates`, `?on_conflict=submission_key`), so
 * a repeat of a stored submission is answered 201 and stores nothing. It
 * carries a proof of work (proof-of-work.ts): a retry after no response
 * reuses the same one, which the database accepts with the same key; a proof
 * the database refuses (a rotated key, an expired challenge) gets one fresh
 * proof and one more try. Resolves true when confirmed, false when no
 * response came.
 */
async function attempt({ key, row }: PendingSubmission): Promise<boolean> {
  for (let fresh = 0; ; fresh++) {
    let proof: string;
    try {
      proof = await getProof();
    } catch (error) {
      // No challenge could be fetched: as good as no response, so tried again.
      console.warn('Contact submission: no proof of work yet, will retry', error);
      return false;
    }
    const { error, status } = await client
      .from('contact_submissions')
      .upsert(
        { ...row, proof, submission_key: key },
        { onConflict: 'submission_key', ignoreDuplicates: true },
      )
      .abortSignal(AbortSignal.timeout(ATTEMPT_TIMEOUT_MS));
    if (!error) {
      spendProof(proof);
      return true;
    }
    if (NO_RESPONSE.has(status)) {
      console.warn('Contact submission: no response yet, will retry', status, error.message);
      return false;
    }
    if (isProofRefused(error)) spendProof(proof);
    if (!isProofRefused(error) || fresh > 0) throw new RefusedError(error);
  }
}

/** Waits `ms`, or less if the connection comes back. */
function pause(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
  });
}

export type Outcome = 'sent' | 'saved' | 'cancelled';

/**
 * Sends a pending submission with its key until the server confirms it,
 * retrying with backoff for `retryFor` ms (docs/product.md#exactly-once).
 * 'saved': still unconfirmed (offline, or no response in time); it stays in
 * the pending store for the next try. 'cancelled': the visitor cancelled or
 * cleared it, or another tab confirmed it. A refusal throws RefusedError.
 */
export async function sendPending(
  pending: PendingSubmission,
  { retryFor = RETRY_WINDOW_MS } = {},
): Promise<Outcome> {
  const until = Date.now() + retryFor;
  for (let retry = 0; ; retry++) {
    if (!stillPending(pending.key)) return 'cancelled';
    // Offline for certain: no attempt can arrive; say so at once and wait for `online`.
    if (!navigator.onLine) return 'saved';
    if (await attempt(pending)) return 'sent';
    const left = until - Date.now();
    if (left <= 0) return 'saved';
    await pause(Math.min(RETRY_FIRST_DELAY_MS * 2 ** retry, RETRY_MAX_DELAY_MS, left));
  }
}

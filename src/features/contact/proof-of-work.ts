import { siteConfig } from '../../config/site';
import type { ProofAnswer, ProofRequest } from './proof-of-work.worker';
import { REST_PREFIX } from '../../../shared/paths';

/**
 * The proof of work a send carries (docs/spam.md): fetched and
 * solved in a Web Worker from the form's first focus, so it is usually ready
 * by the time the visitor presses send; a send that comes sooner waits for it
 * under the sending toast. Each proof is good for one submission, and until
 * shortly before its challenge expires.
 */

/** A proof this close to its expiry is replaced: the send still has to reach the database. */
const EXPIRY_MARGIN_MS = 60_000;

/** PostgREST's answer to a wrong, expired or used proof (…_proof_of_work.sql raises PT403). */
const PROOF_REFUSED = 'PT403';

interface Solved {
  proof: string;
  /** Unix milliseconds. */
  expiresAt: number;
}

let pending: Promise<Solved> | undefined;
/** Proofs already sent with a submission: each is good for that one only. */
const spent = new Set<string>();

function headers(): Record<string, string> {
  const key = siteConfig.supabaseAnonKey;
  return key ? { apikey: key, Authorization: `Bearer ${key}` } : {};
}

/**
 * Refusals of the challenge (429: too many from this address, counted by the
 * database) waited out before giving up: the page waits as told and asks
 * again, and the visitor sees nothing unless the insert itself is refused.
 */
const MAX_CHALLENGE_REFUSALS = 3;

async function solveWaitingOutRefusals(): Promise<Solved> {
  for (let refusals = 0; ; refusals++) {
    const answer = await solveInWorker();
    if (!('retryAfter' in answer)) return answer;
    if (refusals >= MAX_CHALLENGE_REFUSALS) throw new Error('The challenge was refused: 429');
    await new Promise((resolve) => setTimeout(resolve, answer.retryAfter * 1000));
  }
}

function solveInWorker(): Promise<Solved | { retryAfter: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./proof-of-work.worker.ts', import.meta.url), {
      type: 'module',
    });
    worker.onmessage = ({ data }: MessageEvent<ProofAnswer>) => {
      worker.terminate();
      if ('error' in data) reject(new Error(data.error));
      else if ('retryAfter' in data) resolve(data);
      else resolve({ proof: data.proof, expiresAt: data.expires * 1000 });
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'The proof-of-work worker failed'));
    };
    const request: ProofRequest = {
      url: `${siteConfig.apiUrl || window.location.origin}${REST_PREFIX}/rpc/contact_challenge`,
      headers: headers(),
    };
    worker.postMessage(request);
  });
}

/** Starts solving if no usable proof is ready or under way (the form's first focus). */
export function prepareProof(): void {
  void getProof().catch(() => {
    // Offline or refused now: the send asks again, and reports a failure the usual way.
  });
}

/**
 * A proof for one submission: the one ready or under way, unless it was spent
 * or is near its expiry by this device's clock. A fresh one is returned as it
 * is: a device whose clock is wrong still gets one, and the database judges it.
 */
export async function getProof(): Promise<string> {
  const earlier = pending;
  if (earlier) {
    const solved = await earlier.catch(() => undefined);
    const usable =
      solved && !spent.has(solved.proof) && solved.expiresAt - EXPIRY_MARGIN_MS > Date.now();
    if (usable) return solved.proof;
    if (pending === earlier) pending = undefined;
  }
  const fresh = (pending ??= solveWaitingOutRefusals());
  try {
    return (await fresh).proof;
  } catch (error) {
    if (pending === fresh) pending = undefined;
    throw error;
  }
}

/** The proof went out with a submission (stored or refused): the next one gets a fresh proof. */
export function spendProof(proof: string): void {
  spent.add(proof);
}

/** The database refused the proof (a rotated key, an expiry, a reuse): worth one fresh try. */
export function isProofRefused(error: { code?: string } | null): boolean {
  return error?.code === PROOF_REFUSED;
}

/**
 * Fetches an ALTCHA v1 challenge from the database's RPC and solves it off the
 * main thread (supabase/migrations/20261124020000_proof_of_work.sql): the
 * number n in [0, maxnumber] whose SHA-256 of salt + n is the challenge. The
 * answer is ALTCHA's payload, base64 of {algorithm, challenge, number, salt, signature}.
 */

export interface ProofRequest {
  /** POST here: `<api>/rest/v1/rpc/contact_challenge`. */
  url: string;
  headers: Record<string, string>;
}

/** `retryAfter`: the challenge was refused for now (429, too many from this address); seconds to wait. */
export type ProofAnswer =
  { proof: string; expires: number } | { retryAfter: number } | { error: string };

/** The database's window is a minute, so no refusal lasts longer. */
const MAX_RETRY_AFTER_SECONDS = 60;

interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/**
 * Digests started together: WebCrypto answers each on a promise, and one at a
 * time spends most of the solve waiting for the next turn of the event loop.
 */
const BATCH = 256;

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ProofRequest>) => void) | null;
  postMessage(answer: ProofAnswer): void;
};

const encoder = new TextEncoder();

async function digestHex(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

async function solve({ challenge, maxnumber, salt }: Challenge): Promise<number> {
  for (let start = 0; start <= maxnumber; start += BATCH) {
    const numbers = Array.from(
      { length: Math.min(BATCH, maxnumber - start + 1) },
      (_, i) => start + i,
    );
    const hashes = await Promise.all(numbers.map((n) => digestHex(salt + n)));
    const found = hashes.indexOf(challenge);
    if (found !== -1) return start + found;
  }
  throw new Error('The challenge has no solution');
}

scope.onmessage = async ({ data }) => {
  try {
    const response = await fetch(data.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...data.headers },
      body: '{}',
    });
    if (response.status === 429) {
      const seconds = Number(response.headers.get('retry-after'));
      const retryAfter = Number.isFinite(seconds) && seconds >= 1 ? seconds : 1;
      scope.postMessage({ retryAfter: Math.min(retryAfter, MAX_RETRY_AFTER_SECONDS) });
      return;
    }
    if (!response.ok) throw new Error(`The challenge request answered ${response.status}`);
    const challenge = (await response.json()) as Challenge;
    const number = await solve(challenge);
    const { algorithm, salt, signature } = challenge;
    const proof = btoa(
      JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }),
    );
    const expires = Number(/[?&]expires=(\d+)/.exec(salt)?.[1] ?? 0);
    scope.postMessage({ proof, expires });
  } catch (error) {
    scope.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};

import type { Database } from './database.ts';
import { requestHeaders } from './rate-limit.ts';

/**
 * The database's proof of work (supabase/migrations/20261124020000_proof_of_work.sql):
 * it issues ALTCHA v1 challenges and checks every anonymous insert's proof,
 * so the rule holds on hosted Supabase too. Our server only passes on its
 * settings and answers the same RPC as PostgREST.
 */

/** The longest proof the trigger reads (an ALTCHA payload is about 300 characters). */
export const MAX_PROOF_CHARS = 1000;

export interface ProofOfWorkSettings {
  /** PROOF_OF_WORK_MAX_NUMBER: the challenge's maxnumber (difficulty). */
  maxNumber?: number;
  /** PROOF_OF_WORK_EXPIRES_SECONDS: how long a challenge may be solved and used. */
  expiresSeconds?: number;
}

/** Bounds of the table's CHECKs, so a bad setting stops the start with its name (server/settings/schema.ts). */
export const MAX_NUMBER_RANGE = [1, 100_000_000] as const;
export const EXPIRES_SECONDS_RANGE = [10, 86_400] as const;

/**
 * Writes the settings the environment gives; one it does not give is left as
 * the database holds it, so a process started without them (a CLI, a second
 * instance) changes nothing.
 */
export async function setProofOfWork(db: Database, settings: ProofOfWorkSettings): Promise<void> {
  const { maxNumber = null, expiresSeconds = null } = settings;
  if (maxNumber === null && expiresSeconds === null) return;
  await db.query(
    `update app_private.proof_of_work
     set max_number = coalesce($1, max_number), expires_seconds = coalesce($2, expires_seconds)
     where max_number <> coalesce($1, max_number) or expires_seconds <> coalesce($2, expires_seconds)`,
    [maxNumber, expiresSeconds],
  );
}

/** A challenge is one hash and one HMAC; a database that takes longer is stuck (503). */
const CHALLENGE_TIMEOUT_MS = 2_000;

/**
 * The RPC as PostgREST runs it for a visitor: as anon, so only what anon may
 * call answers, and counted against `clientAddress` (request.ip) like an
 * insert (20261125000500_free_repeats_limited_challenges.sql). Without one,
 * it counts in the shared bucket of unidentified requests.
 */
export function issueChallenge(db: Database, clientAddress?: string): Promise<unknown> {
  return db.transaction(async (session) => {
    await session.exec(
      `set local role anon; set local statement_timeout = ${CHALLENGE_TIMEOUT_MS}`,
    );
    if (clientAddress !== undefined) {
      await session.query("select pg_catalog.set_config('request.headers', $1, true)", [
        requestHeaders(clientAddress),
      ]);
    }
    const [row] = await session.query('select public.contact_challenge() as challenge');
    return row?.challenge;
  });
}

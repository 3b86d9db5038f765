/**
 * Proofs of work for the load benchmarks, solved before the timed part: the
 * solve is the visitor's cost (bench/solve-time.ts), not the server's, so a
 * benchmark of the insert path must not time it. Each proof is good for one
 * submission (…_proof_of_work.sql), so a run of N posts takes N proofs.
 *
 * The challenges come from the database itself, as anon, many in one
 * statement (tests/support/proof.ts's fetchChallenge issues one per
 * transaction, too slow for tens of thousands), and are solved by the test
 * helper's `solve`, with ALTCHA's own library. The database must hold the
 * test difficulty (TEST_PROOF_OF_WORK, set through PROOF_OF_WORK_MAX_NUMBER
 * or openDatabase's proofOfWork), so a solve is a few hashes; the difficulty
 * changes nothing the database does when it checks a proof.
 */
import type { Challenge } from 'altcha-lib/types';
import pg from 'pg';
import type { Database, Row } from '../server/db/database.ts';
import { solve, TEST_PROOF_OF_WORK } from '../tests/support/proof.ts';

export { TEST_PROOF_OF_WORK, TEST_PROOF_OF_WORK_ENV } from '../tests/support/proof.ts';

/** Challenges per statement: bounds one answer's size. */
const PER_STATEMENT = 5_000;
const ISSUE =
  'select public.contact_challenge() as challenge from pg_catalog.generate_series(1, $1)';

/** SQL as the owner, as a RunningServer offers it (server/start.ts). */
export type OwnerQuery = (sql: string, params?: unknown[]) => Promise<Row[]>;

/**
 * Where challenges come from: a Database or a PostgreSQL URL (issued as anon,
 * as PostgREST would), or a running server's owner query (the function is
 * SECURITY DEFINER, so the owner's call issues the same challenge).
 */
export type ChallengeSource = Database | string | OwnerQuery;

/** Issues `count` challenges, in one statement per PER_STATEMENT. */
async function issue(source: ChallengeSource, count: number): Promise<Challenge[]> {
  const challenges: Challenge[] = [];
  const client = typeof source === 'string' ? new pg.Client({ connectionString: source }) : null;
  await client?.connect();
  try {
    for (let left = count; left > 0; left -= PER_STATEMENT) {
      const n = Math.min(left, PER_STATEMENT);
      const rows = client
        ? await (async () => {
            await client.query('begin; set local role anon');
            const result = await client.query(ISSUE, [n]);
            await client.query('commit');
            return result.rows;
          })()
        : typeof source === 'function'
          ? await source(ISSUE, [n])
          : await (source as Database).transaction(async (session) => {
              await session.exec('set local role anon');
              return session.query(ISSUE, [n]);
            });
      for (const row of rows) {
        const challenge = (
          typeof row.challenge === 'string' ? JSON.parse(row.challenge) : row.challenge
        ) as Challenge;
        if ((challenge.maxnumber ?? Infinity) > TEST_PROOF_OF_WORK.maxNumber) {
          throw new Error(
            `The database issues maxnumber ${challenge.maxnumber}: set it to the test ` +
              `difficulty (${TEST_PROOF_OF_WORK.maxNumber}) before presolving`,
          );
        }
        challenges.push(challenge);
      }
    }
  } finally {
    await client?.end();
  }
  return challenges;
}

export interface ProofPool {
  /** The next unused proof, or undefined once all are taken. */
  take(): string | undefined;
  readonly size: number;
  readonly taken: number;
  /** Milliseconds spent issuing and solving, before any timing. */
  readonly preparedMs: number;
}

/** `count` solved, unused proofs from `source`. */
export async function presolve(source: ChallengeSource, count: number): Promise<ProofPool> {
  const started = performance.now();
  const challenges = await issue(source, count);
  const proofs: string[] = [];
  // ALTCHA's solver is asynchronous (WebCrypto); a few hundred at once keeps it busy.
  for (let i = 0; i < challenges.length; i += 500) {
    proofs.push(...(await Promise.all(challenges.slice(i, i + 500).map(solve))));
  }
  const preparedMs = performance.now() - started;
  let next = 0;
  return {
    take: () => (next < proofs.length ? proofs[next++] : undefined),
    size: proofs.length,
    get taken() {
      return next;
    },
    preparedMs,
  };
}

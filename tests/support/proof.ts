import type { FastifyInstance } from 'fastify';
import { solveChallenge } from 'altcha-lib';
import type { Challenge } from 'altcha-lib/types';
import type { Database } from '../../server/db/database.ts';
import {
  issueChallenge,
  type ProofOfWorkSettings,
} from '../../server/db/proof-of-work-settings.ts';

/**
 * The one place tests get a proof of work (supabase/migrations/20261124020000_proof_of_work.sql).
 * Test databases are made at this difficulty through the setting
 * (tests/server/support/backends.ts, tests/setup/global-setup.ts), so a proof
 * costs a few hashes; production keeps its default.
 */
export const TEST_PROOF_OF_WORK = { maxNumber: 10 } satisfies ProofOfWorkSettings;

/** The environment form of TEST_PROOF_OF_WORK, for servers started as processes. */
export const TEST_PROOF_OF_WORK_ENV = {
  PROOF_OF_WORK_MAX_NUMBER: String(TEST_PROOF_OF_WORK.maxNumber),
};

/** Solves a challenge with ALTCHA's own library: the payload a visitor's browser sends. */
export async function solve(challenge: Challenge): Promise<string> {
  const { algorithm, salt, maxnumber } = challenge;
  const solution = await solveChallenge(challenge.challenge, salt, algorithm, maxnumber).promise;
  if (!solution) throw new Error('the challenge has no solution up to its maxnumber');
  const { signature } = challenge;
  return btoa(
    JSON.stringify({
      algorithm,
      challenge: challenge.challenge,
      number: solution.number,
      salt,
      signature,
    }),
  );
}

/** Where a challenge comes from: our server (inject or a URL) or the database itself. */
export type ChallengeSource = FastifyInstance | string | Database;

/** `from`: the visitor's address, for an app (the database counts challenges per address). */
export async function fetchChallenge(source: ChallengeSource, from?: string): Promise<Challenge> {
  if (typeof source === 'string') {
    const response = await fetch(`${source}/rest/v1/rpc/contact_challenge`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    if (!response.ok) throw new Error(`contact_challenge answered ${response.status}`);
    return (await response.json()) as Challenge;
  }
  if ('inject' in source) {
    const response = await source.inject({
      method: 'POST',
      url: '/rest/v1/rpc/contact_challenge',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
      ...(from && { remoteAddress: from }),
    });
    if (response.statusCode !== 200) {
      throw new Error(`contact_challenge answered ${response.statusCode}`);
    }
    return response.json<Challenge>();
  }
  return (await issueChallenge(source)) as Challenge;
}

/** A fresh, solved proof from the source. */
export async function proofFrom(source: ChallengeSource, from?: string): Promise<string> {
  return solve(await fetchChallenge(source, from));
}

/** The body with a fresh proof added, as the page sends it. */
export async function withProof<T extends object>(
  source: ChallengeSource,
  body: T,
): Promise<T & { proof: string }> {
  return { ...body, proof: await proofFrom(source) };
}

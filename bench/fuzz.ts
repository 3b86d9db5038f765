/**
 * The long fuzz run: the real server, listening on loopback, on the
 * embedded database and on PostgreSQL, sent `--runs` random requests (random
 * bodies, headers and media types; tests/server/fuzz.test.ts runs a few
 * hundred of the same) and then every adversarial submission while /healthz is
 * polled. Prints the answers by status, any 5xx, any stored row that breaks a
 * rule, and how long /healthz waited during the adversarial requests beside
 * how long it waits at rest. A benchmark that prints figures, not a test.
 * A body that is one JSON object without a proof gets one, solved before the
 * run (bench/proof-pool.ts, at the test difficulty), as the page adds it and
 * as tests/server/fuzz.test.ts does; so the rows reach the database's rules
 * rather than stopping at its proof check. Everything else is sent as generated.
 *
 *   node --import tsx bench/fuzz.ts [--runs 5000] [--backend both|embedded|postgres]
 */
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startServer } from '../server/start.ts';
import { isValidRow } from '../shared/validation.ts';
import { ADVERSARIAL } from '../tests/support/adversarial.ts';
import { body, headers, sendable, withProof } from '../tests/support/random-requests.ts';
import { withBenchPostgres } from './bench-postgres.ts';
import { presolve, TEST_PROOF_OF_WORK, type ProofPool } from './proof-pool.ts';
import { percentile } from './submissions-load.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5000' },
    backend: { type: 'string', default: 'both' },
  },
});
const RUNS = Number(values.runs);
const TABLE_PATH = '/rest/v1/contact_submissions';

/** The next pre-solved proof; the pool is sized for the run. */
function takeProof(proofs: ProofPool): string {
  const proof = proofs.take();
  if (proof === undefined) throw new Error('The proof pool ran out: raise its size');
  return proof;
}

async function fuzz(label: string, options: { dataDir: string; databaseUrl?: string }) {
  // The rate limit is rate-limit.test.ts's subject; here it would answer 429 to nearly everything.
  const server = await startServer({
    ...options,
    port: 0,
    distDir: '/nonexistent',
    // The ceiling the database allows: the fuzz run comes from one address.
    rateLimitPerMinute: 10_000,
    proofOfWork: TEST_PROOF_OF_WORK,
  });
  const proofs = await presolve(server.query, RUNS + ADVERSARIAL.length);
  const statuses = new Map<number, number>();
  try {
    await fc.assert(
      fc.asyncProperty(body, headers, async (raw, requestHeaders) => {
        const sent = Object.fromEntries(
          Object.entries(requestHeaders as Record<string, string>).filter(([, v]) => sendable(v)),
        );
        const response = await fetch(`${server.url}${TABLE_PATH}`, {
          method: 'POST',
          headers: sent,
          body: await withProof(raw, () => takeProof(proofs)),
        });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 500) throw new Error(`${response.status} for ${String(raw)}`);
      }),
      { numRuns: RUNS },
    );
    const rows = await server.query('select name, email, message from contact_submissions');
    const broken = rows.filter((row) => !isValidRow(row as never)).length;

    const health = async () => {
      const start = performance.now();
      await (await fetch(`${server.url}/healthz`)).arrayBuffer();
      return performance.now() - start;
    };
    const atRest: number[] = [];
    for (let i = 0; i < 20; i++) atRest.push(await health());
    const underAttack: number[] = [];
    for (const [, submission] of ADVERSARIAL) {
      const post = fetch(`${server.url}${TABLE_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: await withProof(JSON.stringify(submission), () => takeProof(proofs)),
      });
      underAttack.push(await health());
      const answer = await post;
      if (answer.status >= 500) throw new Error(`${answer.status} for an adversarial submission`);
    }

    const p50 = (ms: number[]) =>
      percentile(
        [...ms].sort((a, b) => a - b),
        50,
      ).toFixed(1);
    console.log(`\n${label}: ${RUNS} random requests`);
    console.log(`  answers: ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')}`);
    console.log(`  5xx: 0; stored rows ${rows.length}, breaking a rule: ${broken}`);
    console.log(
      `  /healthz ms at rest p50 ${p50(atRest)} max ${Math.max(...atRest).toFixed(1)};` +
        ` beside ${ADVERSARIAL.length} adversarial submissions p50 ${p50(underAttack)}` +
        ` max ${Math.max(...underAttack).toFixed(1)}`,
    );
  } finally {
    await server.close();
  }
}

if (values.backend !== 'postgres') {
  const dataDir = mkdtempSync(join(tmpdir(), 'fuzz-'));
  try {
    await fuzz('embedded', { dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (values.backend !== 'embedded') {
  const dataDir = mkdtempSync(join(tmpdir(), 'fuzz-'));
  try {
    await withBenchPostgres((databaseUrl) => fuzz('PostgreSQL', { dataDir, databaseUrl }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * 1 vs 3 instances behind deploy/nginx.conf (Debian's nginx, TLS) on one
 * PostgreSQL, 200 visitors each on its own loopback address: submissions/s,
 * p50/p99, the database rate limit's cost (RATE_LIMIT_PER_MINUTE very high vs
 * the default 10, where most posts are refused), and acknowledged vs stored
 * after kill -9 of one instance under load. Prints figures; about 1-2 minutes.
 * Each post carries a proof of work solved before the timed part
 * (bench/proof-pool.ts, at the test difficulty; `--pool` per scenario). An
 * answer a scenario does not expect (anything but 201, and 429 under the
 * default limit, 502 or none after the kill) fails the run.
 *
 *   node --import tsx bench/scale.ts [--seconds 5] [--clients 200] [--pool 20000]
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { spawnServer, type ChildServer } from '../tests/support/child-server.ts';
import { startNginx } from '../tests/support/nginx.ts';
import { TABLE_URL, VALID } from '../tests/support/requests.ts';
import { Visitor } from '../tests/support/visitor.ts';
import { withBenchPostgres } from './bench-postgres.ts';
import { presolve } from './proof-pool.ts';
import { percentile } from './submissions-load.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    clients: { type: 'string', default: '200' },
    pool: { type: 'string', default: '20000' },
  },
});
const POOL = Number(values.pool);
const SECONDS = Number(values.seconds);
const CLIENTS = Number(values.clients);
/** "No limit in the way": every post reaches the database and its rule. */
const HIGH_LIMIT = '10000';

interface Scenario {
  label: string;
  instances: number;
  limit: string;
  /** Kill -9 one instance this far into the run. */
  killAfterMs?: number;
  /** Answers besides 201 this scenario expects. */
  alsoExpected: string[];
}

interface Figures {
  label: string;
  statuses: Record<number, number>;
  perSecond: number;
  p50: number;
  p99: number;
  acknowledged: number;
  stored: number;
  proofsRanOut: boolean;
}

async function run(adminUrl: string, scenario: Scenario): Promise<Figures> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const name = `scale_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const instances: ChildServer[] = [];
  const visitors: Visitor[] = [];
  try {
    instances.push(
      ...(await Promise.all(
        Array.from({ length: scenario.instances }, () =>
          spawnServer({
            DATABASE_URL: url.href,
            TRUST_PROXY: '127.0.0.1',
            RATE_LIMIT_PER_MINUTE: scenario.limit,
          }),
        ),
      )),
    );
    const nginx = await startNginx(instances.map((i) => Number(new URL(i.url).port)));
    // The instances have migrated the database; proofs from it, solved before the clock starts.
    const pool = await presolve(url.href, POOL);
    let proofsRanOut = false;
    try {
      for (let i = 0; i < CLIENTS; i++) {
        visitors.push(new Visitor(nginx, `127.0.${10 + Math.floor(i / 250)}.${1 + (i % 250)}`));
      }
      const latencies: number[] = [];
      const statuses: Record<number, number> = {};
      const acknowledged: string[] = [];
      const end = Date.now() + SECONDS * 1000;
      const started = Date.now();
      if (scenario.killAfterMs !== undefined) {
        setTimeout(() => instances.at(-1)!.child.kill('SIGKILL'), scenario.killAfterMs);
      }
      let sent = 0;
      await Promise.all(
        visitors.map(async (visitor) => {
          while (Date.now() < end) {
            const proof = pool.take();
            if (proof === undefined) {
              proofsRanOut = true;
              break;
            }
            const name = `Scale ${sent++}`;
            const body = JSON.stringify({ ...VALID, name, proof });
            const t0 = performance.now();
            const answer = await visitor
              .fetch(TABLE_URL, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body,
              })
              .catch(() => undefined);
            latencies.push(performance.now() - t0);
            const status = answer?.status ?? 0;
            statuses[status] = (statuses[status] ?? 0) + 1;
            if (status === 201) acknowledged.push(name);
          }
        }),
      );
      const elapsed = (Date.now() - started) / 1000;
      const check = new pg.Client({ connectionString: url.href });
      await check.connect();
      const { rows } = await check.query<{ name: string }>('select name from contact_submissions');
      await check.end();
      const stored = new Set(rows.map((row) => row.name));
      latencies.sort((a, b) => a - b);
      return {
        label: scenario.label,
        statuses,
        perSecond: acknowledged.length / elapsed,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        acknowledged: acknowledged.length,
        stored: acknowledged.filter((n) => stored.has(n)).length,
        proofsRanOut,
      };
    } finally {
      for (const visitor of visitors) visitor.close();
      await nginx.stop();
    }
  } finally {
    for (const instance of instances) instance.child.kill('SIGKILL');
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  }
}

const SCENARIOS: Scenario[] = [
  { label: '1 instance, limit 10000/min', instances: 1, limit: HIGH_LIMIT, alsoExpected: [] },
  { label: '3 instances, limit 10000/min', instances: 3, limit: HIGH_LIMIT, alsoExpected: [] },
  {
    label: '3 instances, limit 10/min (default)',
    instances: 3,
    limit: '10',
    alsoExpected: ['429'],
  },
  {
    label: '3 instances, kill -9 of one at 40%',
    instances: 3,
    limit: HIGH_LIMIT,
    killAfterMs: SECONDS * 400,
    // nginx answers 502 for a request cut off with the instance; 0 is no answer at all.
    alsoExpected: ['502', '0'],
  },
];

await withBenchPostgres(async (adminUrl) => {
  const results: Figures[] = [];
  for (const scenario of SCENARIOS) {
    const figures = await run(adminUrl, scenario);
    results.push(figures);
    console.log(JSON.stringify(figures));
    const unexpected = Object.keys(figures.statuses).filter(
      (status) => status !== '201' && !scenario.alsoExpected.includes(status),
    );
    if (unexpected.length > 0 || figures.acknowledged === 0) {
      process.exitCode = 1;
      console.error(
        `${scenario.label}: unexpected answers ${unexpected.join(', ') || '(no 201 at all)'}`,
      );
    }
    if (figures.proofsRanOut) console.log(`${scenario.label}: the proofs ran out early`);
  }
  console.log(
    `\n${CLIENTS} visitors, ${SECONDS} s each, nginx (TLS) → instances → one PostgreSQL (fsync on)`,
  );
  console.table(
    results.map((r) => ({
      scenario: r.label,
      'acknowledged/s': r.perSecond.toFixed(0),
      'p50 ms': r.p50.toFixed(1),
      'p99 ms': r.p99.toFixed(1),
      answers: Object.entries(r.statuses)
        .map(([status, n]) => `${status === '0' ? 'no answer' : status}×${n}`)
        .join(' '),
      'acknowledged → stored': `${r.acknowledged} → ${r.stored}`,
    })),
  );
});

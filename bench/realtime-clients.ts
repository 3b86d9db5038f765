/**
 * The Realtime endpoint's cost (docs/inbox.md, "Live"), on each backend: the
 * server's memory (RSS, heap) and CPU with 50 realtime-js clients listening,
 * idle and while 100 leads arrive (10 a second), each client a distinct
 * member's token (the worst case: one read per client per change); then 20
 * clients (the per-address cap) that join and never read while 100 leads of
 * 5,000 characters arrive, and whether the server dropped them.
 *
 *   node --import tsx bench/realtime-clients.ts [--clients 50] [--leads 100]
 *
 * The clients run in a process of their own (bench/realtime-listeners.ts).
 * A benchmark that prints figures, not a test. Loopback only.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { signAccessToken, signingKeyOf } from '../server/auth/access-token.ts';
import { MAX_SOCKETS_PER_ADDRESS } from '../server/realtime/client-limits.ts';
import { startServer, type RunningServer } from '../server/start.ts';
import { TEST_PROOF_OF_WORK } from '../tests/support/proof.ts';
import { withBenchPostgres } from './bench-postgres.ts';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '50' },
    leads: { type: 'string', default: '100' },
  },
});
const CLIENTS = Number(values.clients);
const LEADS = Number(values.leads);
/** Leads arrive at this pace: a busy hour's worth in seconds. */
const LEAD_GAP_MS = 100;
/** Long enough for the idle figures to settle after the joins. */
const IDLE_MS = 10_000;
const sleep = (ms: number) => new Promise<void>((settle) => setTimeout(settle, ms));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function tokens(server: RunningServer, count: number): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, i) => `member${i}@agency.example`);
  const rows = await server.query(
    `insert into app_private.inbox_members (email) select unnest($1::text[])
     on conflict (email) do update set email = excluded.email returning email, user_id, added_at`,
    [emails],
  );
  const key = await signingKeyOf(server.database)();
  return Promise.all(
    rows.map(async (row) => {
      const [session] = await server.query(
        `insert into app_private.auth_sessions (email) values ($1) returning id`,
        [row.email],
      );
      const user = {
        userId: String(row.user_id),
        email: String(row.email),
        sessionId: String(session!.id),
        addedAt: String(row.added_at),
      };
      return (await signAccessToken(key, user, server.url)).token;
    }),
  );
}

function clients(url: string, list: string[], mode: 'listen' | 'stalled') {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/realtime-listeners.ts'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stdin.write(`${JSON.stringify({ url, tokens: list, mode })}\n`);
  const until = async (pattern: RegExp) => {
    while (!pattern.test(output)) await sleep(50);
  };
  return { child, output: () => output, until };
}

/** What this process (the server) used over `work`: CPU ms, and memory after it. */
async function measured(label: string, work: () => Promise<void>) {
  const cpu = process.cpuUsage();
  await work();
  const used = process.cpuUsage(cpu);
  const { rss, heapUsed } = process.memoryUsage();
  console.log(
    `  ${label}: CPU ${((used.user + used.system) / 1000).toFixed(0)} ms, RSS ${mb(rss)}, heap ${mb(heapUsed)}`,
  );
}

const lead = (server: RunningServer, i: number, words = 'Hello from the bench') =>
  server.query(
    `insert into public.contact_submissions (name, email, message) values ($1, 'b@example.com', $2)`,
    [`Bench ${i}`, `${words} ${i}`],
  );

async function measure(label: string, options: { dataDir: string; databaseUrl?: string }) {
  const server = await startServer({
    ...options,
    port: 0,
    host: '127.0.0.1',
    distDir: '/nonexistent',
    proofOfWork: TEST_PROOF_OF_WORK,
    logger: false,
  });
  try {
    console.log(`${label}:`);
    await measured('no clients, 10 s', () => sleep(IDLE_MS));
    const listeners = clients(server.url, await tokens(server, CLIENTS), 'listen');
    await listeners.until(/ready/);
    await measured(`${CLIENTS} clients joined, idle 10 s`, () => sleep(IDLE_MS));
    await measured(`${CLIENTS} clients, ${LEADS} leads at ${1000 / LEAD_GAP_MS}/s`, async () => {
      for (let i = 0; i < LEADS; i++) {
        await lead(server, i);
        await sleep(LEAD_GAP_MS);
      }
      await sleep(2_000);
    });
    listeners.child.stdin.write('count\n');
    await listeners.until(/heard \d+/);
    console.log(`  events heard by all clients: ${/heard (\d+)/.exec(listeners.output())![1]}`);
    listeners.child.kill();

    const [token] = await tokens(server, 1);
    const stalled = clients(
      server.url,
      Array<string>(MAX_SOCKETS_PER_ADDRESS).fill(token!),
      'stalled',
    );
    await measured(
      `${MAX_SOCKETS_PER_ADDRESS} clients that never read, ${LEADS} leads of 5,000 characters`,
      async () => {
        await stalled.until(/ready/);
        for (let i = 0; i < LEADS; i++) await lead(server, i, 'x'.repeat(4_990));
        await sleep(2_000);
      },
    );
    console.log(`  stalled clients dropped: ${stalled.output().match(/dropped/g)?.length ?? 0}`);
    stalled.child.kill();
  } finally {
    await server.close();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'realtime-bench-'));
try {
  await measure('embedded', { dataDir });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
await withBenchPostgres((url) => measure('postgres', { dataDir: '', databaseUrl: url }));

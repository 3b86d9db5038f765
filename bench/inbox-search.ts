/**
 * The worst search a member can send (docs/inbox.md, "Search"), on the embedded database and
 * on PostgreSQL: 10,000 leads of 5,000 characters, each search a member could
 * send timed alone (how long it holds the database), then the worst of them
 * again while an anonymous visitor sends a lead (challenge, then insert) and
 * someone asks for a sign-in code, over and over: how long those wait. Prints
 * figures, asserts nothing.
 *
 *   node --import tsx bench/inbox-search.ts [--leads 10000] [--chars 5000] [--backend both]
 *
 * It also runs on code without full-text search (then it sends an
 * `or=(…ilike…)` search, the longest pattern a URL carries), so one script
 * compares the two.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { signAccessToken, signingKeyOf } from '../server/auth/access-token.ts';
import { startServer, type RunningServer } from '../server/start.ts';
import { fetchChallenge, solve, TEST_PROOF_OF_WORK } from '../tests/support/proof.ts';
import { SmtpSink } from '../tests/support/smtp-sink.ts';
import { withBenchPostgres } from './bench-postgres.ts';
import { fillLeads, worstSearches } from './inbox-search-cases.ts';

const { values } = parseArgs({
  options: {
    leads: { type: 'string', default: '10000' },
    chars: { type: 'string', default: '5000' },
    backend: { type: 'string', default: 'both' },
  },
});
const LEADS = Number(values.leads);
const CHARS = Number(values.chars);
const MEMBER = 'owner@example.co.uk';
/** Each search alone, this many times: the median is its figure. */
const RUNS = 3;

const ms = (n: number) => `${Math.round(n)} ms`;

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await work();
  return [performance.now() - started, result];
}

/** A probe that got no answer (the server dropped the connection) counts, with how long it waited. */
const failures: string[] = [];
async function probe(what: string, work: () => Promise<number>): Promise<number> {
  const started = performance.now();
  try {
    return await work();
  } catch (error) {
    const waited = performance.now() - started;
    failures.push(`${what}: no answer after ${ms(waited)} (${(error as Error).message})`);
    return waited;
  }
}

/** A visitor's lead, as the page sends it: a challenge, solved here (not timed), then the insert. */
async function visitorInsert(url: string, n: number) {
  const [challenge, issued] = await timed(() => fetchChallenge(url));
  const proof = await solve(issued);
  const [insert, response] = await timed(() =>
    fetch(`${url}/rest/v1/contact_submissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=minimal' },
      body: JSON.stringify({
        name: `Visitor ${n}`,
        email: `v${n}@example.org`,
        message: 'Hi',
        proof,
      }),
    }),
  );
  if (!response.ok) throw new Error(`insert answered ${response.status}`);
  return { challenge, insert };
}

/** A sign-in code asked for (an address with no access: answered alike, nothing sent). */
async function codeRequest(url: string, n: number) {
  const [time, response] = await timed(() =>
    fetch(`${url}/auth/v1/otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `someone${n}@example.org`, create_user: false }),
    }),
  );
  if (!response.ok) throw new Error(`code request answered ${response.status}`);
  return time;
}

async function bench(server: RunningServer, label: string) {
  const [fill] = await timed(() => fillLeads(server, LEADS, CHARS));
  const [member] = await server.query(
    'select user_id from app_private.inbox_members where email = $1',
    [MEMBER],
  );
  // A live session: the rule reads nothing for a token whose session has ended.
  const [live] = await server.query(
    'insert into app_private.auth_sessions (email) values ($1) returning id',
    [MEMBER],
  );
  const key = await signingKeyOf(server.database)();
  const user = { userId: String(member!.user_id), email: MEMBER, addedAt: '' };
  const { token } = await signAccessToken(key, { ...user, sessionId: String(live!.id) }, 'b');
  const search = (path: string) =>
    fetch(`${server.url}${path}`, {
      headers: { authorization: `Bearer ${token}`, prefer: 'count=exact' },
    });

  console.log(`\n${label}: ${LEADS} leads of ${CHARS} characters (filled in ${ms(fill)})`);
  const cases = await worstSearches(search);
  let worst = { name: '', path: '', time: 0 };
  for (const { name, path } of cases) {
    const times: number[] = [];
    let status = 0;
    for (let i = 0; i < RUNS; i++) {
      const [time, response] = await timed(() => search(path));
      status = response.status;
      await response.arrayBuffer();
      times.push(time);
    }
    const median = times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
    console.log(`  ${name}: ${ms(median)} (HTTP ${status}, ${path.length} characters of URL)`);
    if (median > worst.time) worst = { name, path, time: median };
  }

  // The worst again, with a visitor and a sign-in asking all the while.
  let running = true;
  const inserts: number[] = [];
  const challenges: number[] = [];
  const codes: number[] = [];
  const visitor = (async () => {
    for (let n = 0; running; n++) {
      let insert = 0;
      const challenge = await probe('anonymous lead', async () => {
        const times = await visitorInsert(server.url, n);
        insert = times.insert;
        return times.challenge;
      });
      challenges.push(challenge);
      inserts.push(insert);
    }
  })();
  const signIn = (async () => {
    for (let n = 0; running; n++) {
      codes.push(await probe('sign-in code', () => codeRequest(server.url, n)));
    }
  })();
  const [held] = await timed(async () => (await search(worst.path)).arrayBuffer());
  running = false;
  await Promise.all([visitor, signIn]);
  const most = (times: number[]) => `slowest ${ms(Math.max(...times))} of ${times.length}`;
  console.log(`  the worst (${worst.name}) again, ${ms(held)}, while others asked:`);
  console.log(`    anonymous challenge: ${most(challenges)}`);
  console.log(`    anonymous insert:    ${most(inserts)}`);
  console.log(`    sign-in code:        ${most(codes)}`);
  for (const failure of failures.splice(0)) console.log(`    ${failure}`);
}

async function withServer(databaseUrl: string | undefined, label: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-search-'));
  const sink = await SmtpSink.start();
  const server = await startServer({
    databaseUrl,
    dataDir,
    distDir: join(dataDir, 'no-site'),
    port: 0,
    inboxEmails: [MEMBER],
    smtpUrl: sink.url,
    notifyEmail: 'agency@example.co.uk',
    proofOfWork: TEST_PROOF_OF_WORK,
    rateLimitPerMinute: 10_000,
    // The probes ask for many codes from one address; the limits are not what is measured.
    codeRules: {
      pairGapSeconds: 0,
      pairPerHour: 100_000,
      emailPerHour: 100_000,
      clientPerHour: 100_000,
    },
  });
  try {
    await bench(server, label);
  } finally {
    await server.close();
    await sink.down();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (values.backend !== 'postgres') await withServer(undefined, 'Embedded database (PGlite)');
if (values.backend !== 'embedded') {
  await withBenchPostgres((url) => withServer(url, 'PostgreSQL'));
}

/**
 * The inbox's first page with 10,000 leads on PostgreSQL (docs/inbox.md): the
 * server's time for the Inbox tab's request as the inbox sends it (50 newest,
 * `Prefer: count=exact`), and without the count, and the query plan of the
 * page as a member runs it (row-level security and the view included):
 * whether an index serves it. A benchmark that prints figures, not a test.
 *
 *   node --import tsx bench/inbox-list.ts [--leads 10000] [--requests 200]
 *
 * PostgreSQL is a throwaway cluster with fsync on, or a temporary database in
 * DATABASE_URL's server (bench/bench-postgres.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { signAccessToken, signingKeyOf } from '../server/auth/access-token.ts';
import { startServer } from '../server/start.ts';
import { withBenchPostgres } from './bench-postgres.ts';
import { percentile } from './submissions-load.ts';

const { values } = parseArgs({
  options: {
    leads: { type: 'string', default: '10000' },
    requests: { type: 'string', default: '200' },
  },
});
const LEADS = Number(values.leads);
const REQUESTS = Number(values.requests);
const MEMBER = 'owner@example.co.uk';
/** The Inbox tab, exactly as the inbox asks for it (docs/inbox.md). */
const FIRST_PAGE =
  '/rest/v1/inbox_leads?select=*&suspected_spam=eq.false&status=neq.archived' +
  '&order=created_at.desc&offset=0&limit=50';
/** The same page as SQL, as the server runs it for a member. */
const PAGE_SQL = `select * from public.inbox_leads
  where suspected_spam = false and status <> 'archived'
  order by created_at desc limit 50 offset 0`;

await withBenchPostgres(async (databaseUrl) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-inbox-'));
  const server = await startServer({
    databaseUrl,
    dataDir,
    distDir: join(dataDir, 'no-site'),
    port: 0,
    inboxEmails: [MEMBER],
  });
  try {
    // A realistic mix: 1 in 20 held as spam, older leads answered or archived, 10 % emailed.
    await server.query(
      `insert into public.contact_submissions (name, email, message, suspected_spam, status, created_at)
       select 'Lead ' || i, 'lead' || i || '@example.co.uk', 'Message number ' || i || E'\\nmore',
              i % 20 = 0,
              (array['new','replied','diagnosed','won','lost','archived'])[1 + i % 6],
              now() - make_interval(mins => i)
       from generate_series(1, $1::int) as i`,
      [LEADS],
    );
    await server.query(
      'update public.lead_outbox set sent_at = now() where submission_id % 10 = 0',
    );
    await server.query('analyze');

    const [member] = await server.query(
      'select user_id from app_private.inbox_members where email = $1',
      [MEMBER],
    );
    // A live session: the rule reads nothing for a token whose session has ended.
    const [live] = await server.query(
      'insert into app_private.auth_sessions (email) values ($1) returning id',
      [MEMBER],
    );
    const { token } = await signAccessToken(
      await signingKeyOf(server.database)(),
      {
        userId: String(member!.user_id),
        email: MEMBER,
        sessionId: String(live!.id),
        addedAt: '',
      },
      'bench',
    );

    const time = async (prefer: string | undefined) => {
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const started = performance.now();
        const response = await fetch(server.url + FIRST_PAGE, {
          headers: { authorization: `Bearer ${token}`, ...(prefer && { prefer }) },
        });
        const rows = (await response.json()) as unknown[];
        if (!response.ok || rows.length !== 50) throw new Error(`HTTP ${response.status}`);
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b);
    };
    await time(undefined); // warm-up: connections, plans, the key
    const counted = await time('count=exact');
    const plain = await time(undefined);

    const plan = await server.database.transaction(async (session) => {
      await session.query("select set_config('request.jwt.claims', $1, true)", [
        JSON.stringify({ role: 'authenticated', email: MEMBER, session_id: String(live!.id) }),
      ]);
      await session.exec('set local role authenticated');
      const rows = await session.query(`explain (analyze, buffers) ${PAGE_SQL}`);
      return rows.map((row) => String(row['QUERY PLAN']));
    });

    const ms = (n: number) => `${n.toFixed(1)} ms`;
    const line = (label: string, times: number[]) =>
      `${label}: median ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))} over ${times.length} requests`;
    console.log(`\nInbox first page, ${LEADS} leads, PostgreSQL (${server.database.location})`);
    console.log(line('  with Prefer: count=exact', counted));
    console.log(line('  without the count       ', plain));
    const index = plan.find((row) => /Index Scan/.test(row));
    console.log(`  index used: ${index ? index.trim() : 'NONE'}`);
    console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of the page as a member:\n${plan.join('\n')}`);
    if (!index) process.exitCode = 1;
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

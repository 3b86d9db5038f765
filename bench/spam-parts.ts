// Where a scored insert's time goes on PostgreSQL (docs/spam.md, "What it costs"): each part of
// the spam score called 1,000 times inside the database, on bench-like leads
// (bench/submissions-load.ts's messages) with 10,000 of them stored, as the CPU the connection's
// backend spent per call (read from /proc: a figure that the machine's other load moves far less
// than a rate). Then whole inserts, scored and not, and unscored with the score's columns written,
// whose difference is what the blast keys' GIN index costs. Last, the time of each function the
// scored inserts call, by PostgreSQL's own account.
//   node --import tsx bench/spam-parts.ts [--rounds 3]
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../server/db/open-database.ts';
import { withBenchPostgres } from './bench-postgres.ts';
import { processCpuMs } from './cpu-time.ts';
import { uniqueSubmission } from './submissions-load.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } });

/** As many leads as three days of a busy agency's inbox and more: the look-up reads among them. */
const STORED = 10_000;
/** Calls per part: enough for /proc's 10 ms ticks to round off. */
const CALLS = 1_000;

/** Each part, as a statement run for every probe lead `r` (name, email, message, sig, keys). */
const PARTS: Record<string, string> = {
  signature: 'perform app_private.spam_signature_of(r.message)',
  'blast keys': 'perform app_private.spam_blast_keys(r.sig)',
  'rules (no blast)': 'perform app_private.spam_verdict(r.name, r.email, r.message, null, null)',
  'phrases alone': `perform p.category from app_private.spam_phrases p
    where pg_catalog.strpos(app_private.spam_plain(r.message), p.phrase) > 0`,
  verdict: 'perform app_private.spam_verdict(r.name, r.email, r.message, r.sig, r.keys)',
};

const INSERT = `insert into public.contact_submissions (name, email, message, spam_signature,
  spam_blast_keys) values (r.name, r.email || '.again', r.message, $columns)`;
const INSERTS: Record<string, [trigger: boolean, columns: string]> = {
  'insert, scored': [true, 'null, null'],
  'insert, unscored': [false, 'null, null'],
  'insert, unscored, keys': [false, 'r.sig, r.keys'],
};

await withBenchPostgres(async (url) => {
  await (await openDatabase({ dataDir: '', databaseUrl: url })).close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  const leads = Array.from({ length: STORED + CALLS }, () => uniqueSubmission());
  const columns = (list: typeof leads) => [
    list.map((l) => l.name),
    list.map((l) => l.email),
    list.map((l) => l.message),
  ];
  await client.query(
    `insert into public.contact_submissions (name, email, message)
     select * from unnest($1::text[], $2::text[], $3::text[])`,
    columns(leads.slice(0, STORED)),
  );
  await client.query('analyze public.contact_submissions');
  await client.query(
    `create temp table probe as select n as name, e as email, m as message,
       app_private.spam_signature_of(m) as sig,
       app_private.spam_blast_keys(app_private.spam_signature_of(m)) as keys
     from unnest($1::text[], $2::text[], $3::text[]) as u(n, e, m)`,
    columns(leads.slice(STORED)),
  );
  /** The backend's CPU per probe lead, in µs, for one statement run on each. */
  const perLead = async (statement: string) => {
    const before = processCpuMs(rows[0]!.pid);
    await client.query(forEachProbe(statement));
    return ((processCpuMs(rows[0]!.pid) - before) * 1000) / CALLS;
  };
  const trigger = (on: boolean) =>
    client.query(
      `alter table public.contact_submissions ${on ? 'enable' : 'disable'} trigger contact_submissions_score_spam`,
    );
  const figures = new Map<string, number[]>();
  const note = (name: string, us: number) => figures.set(name, [...(figures.get(name) ?? []), us]);
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const [name, statement] of Object.entries(PARTS)) note(name, await perLead(statement));
    for (const [name, [on, written]] of Object.entries(INSERTS)) {
      await trigger(on);
      await client.query('begin');
      note(name, await perLead(INSERT.replace('$columns', written)));
      await client.query('rollback');
    }
    await trigger(true);
  }
  const byFunction = await timeByFunction(client);
  await client.end();
  for (const [name, list] of figures) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(
      `${name.padEnd(24)} ${sorted[sorted.length >> 1]!.toFixed(0).padStart(5)} µs CPU ` +
        `(${sorted.map((us) => us.toFixed(0)).join(', ')})`,
    );
  }
  console.log(`\nScored inserts, ${CALLS} in one transaction, by function (track_functions):`);
  console.table(byFunction);
});

/** A statement run for every probe lead `r` (name, email, message, sig, keys), in one call. */
function forEachProbe(statement: string): string {
  return `do $$ declare r record; begin
    for r in select * from probe loop ${statement}; end loop; end $$`;
}

/**
 * The wall time of each function the scored inserts call, total (with what it calls) and its own,
 * per call: PostgreSQL's own account (pg_stat_xact_user_functions), finer than /proc's ticks.
 */
async function timeByFunction(client: pg.Client) {
  await client.query(`set track_functions = 'all'`);
  await client.query('begin');
  await client.query(forEachProbe(INSERT.replace('$columns', 'null, null')));
  const { rows } = await client.query(
    `select funcname as function, calls,
       round(total_time::numeric * 1000 / calls) as "total µs", round(self_time::numeric * 1000 / calls) as "own µs"
     from pg_stat_xact_user_functions order by total_time desc`,
  );
  await client.query('rollback');
  return rows;
}

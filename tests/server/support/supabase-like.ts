import pg from 'pg';
import { openDatabase } from '../../../server/db/open-database.ts';
import { createPostgresDatabase, emptyDataDir, sharedPerBackend } from './backends.ts';
import { changesTo, COLLEAGUE } from './session-reach.ts';
import { SUPABASE_PREPARATION, supabaseSignIn, type Claims } from './supabase-shaped.ts';

/** Everything in Supabase's `auth` schema, to show our migrations leave it as it was. */
export const AUTH_SCHEMA = `
  select 'function' as kind, p.proname as name, pg_get_functiondef(p.oid) as definition,
         p.proacl::text as acl
  from pg_proc p where p.pronamespace = 'auth'::regnamespace
  union all
  select 'relation', c.relname, c.relkind::text, c.relacl::text
  from pg_class c where c.relnamespace = 'auth'::regnamespace
  order by 1, 2`;

export const MEMBER = 'owner@example.co.uk';
export { COLLEAGUE };
export const STRANGER = 'stranger@example.co.uk';

export type { Claims };

/** An error's SQLSTATE, or 'ok'. */
export const failure = (run: Promise<unknown>) =>
  run.then(
    () => 'ok',
    (error: { code?: string }) => error.code,
  );

/**
 * One PostgreSQL database prepared like hosted Supabase and migrated, with a
 * row in every table the inbox reads. Call at a test file's top level.
 */
export const supabaseLike = () =>
  sharedPerBackend(async () => {
    const database = await createPostgresDatabase();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(SUPABASE_PREPARATION);
    const authSchema: unknown[] = (await client.query(AUTH_SCHEMA)).rows;

    const { dataDir, remove } = emptyDataDir();
    const db = await openDatabase({ dataDir, databaseUrl: database.url });
    await db.close();
    remove();

    await client.query('insert into app_private.inbox_members (email) values ($1), ($2)', [
      MEMBER,
      COLLEAGUE,
    ]);
    const leads = await client.query(
      `insert into public.contact_submissions (name, email, message, suspected_spam)
       values ('Ada', 'ada@example.co.uk', 'Hello', false), ('Spam', 's@example.co.uk', 'Buy', true)
       returning id`,
    );
    const [lead, held] = leads.rows.map((row: { id: string }) => Number(row.id)) as [
      number,
      number,
    ];
    for (const [sql, params] of [
      ['insert into public.lead_webhooks (submission_id) values ($1)', [lead]],
      ['insert into public.lead_summaries default values', []],
      [
        "insert into public.lead_notes (submission_id, author, body) values ($1, $2, 'Hi')",
        [lead, MEMBER],
      ],
      [
        "insert into public.lead_activity (submission_id, actor, action) values ($1, $2, 'note')",
        [lead, MEMBER],
      ],
      [
        'insert into public.lead_reads (submission_id, member) values ($1, $2), ($1, $3)',
        [lead, MEMBER, COLLEAGUE],
      ],
      [
        "insert into public.lead_replies (submission_id, author, body) values ($1, $2, 'Hi')",
        [lead, MEMBER],
      ],
      [
        `insert into public.push_devices (member, endpoint, browser)
         values ($1, 'https://fcm.googleapis.com/fcm/send/member', 'Chrome on Android')`,
        [MEMBER],
      ],
    ] as const) {
      await client.query(sql, [...params]);
    }

    /** A Supabase Auth user (once per address) and a new session of theirs, as its token's claims. */
    const signIn = (email: string) => supabaseSignIn(client, email);

    /** One statement as PostgREST runs a request: the role, and the token's claims. */
    const asRequest = async (
      role: string,
      claims: object | null,
      sql: string,
      params: unknown[] = [],
    ) => {
      await client.query('begin');
      try {
        if (claims) {
          await client.query("select set_config('request.jwt.claims', $1, true)", [
            JSON.stringify(claims),
          ]);
        }
        await client.query(`set local role ${role}`);
        return (await client.query(sql, params)).rows;
      } finally {
        await client.query('rollback');
      }
    };

    return {
      client,
      authSchema,
      lead,
      held,
      signIn,
      asRequest,
      async close() {
        await client.end();
        await database.drop();
      },
    };
  });

export type SupabaseLike = ReturnType<ReturnType<ReturnType<typeof supabaseLike>>>;

/** The tables and view the inbox reads, each with a row in the fixture. */
export const READ_TABLES = [
  'inbox_leads',
  'contact_submissions',
  'lead_outbox',
  'lead_webhooks',
  'lead_summaries',
  'lead_notes',
  'lead_activity',
  'lead_reads',
  'lead_replies',
  'push_devices',
] as const;

/** Each inbox change as SQL, with the arguments the inbox sends over HTTP (support/session-reach.ts). */
export const changeCalls = (lead: number, held: number): [string, unknown[]][] =>
  Object.entries(changesTo(lead, held)).map(([name, args]) => [
    `select public.${name}(${Object.keys(args)
      .map((arg, i) => `${arg} => $${i + 1}`)
      .join(', ')})`,
    Object.values(args),
  ]);

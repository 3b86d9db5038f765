import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { NOTE_MAX_CHARS } from '../../../shared/limits.ts';
import { REPLY_MAX_CHARS } from '../../../shared/reply-quote.ts';
import { signingKeyOf } from '../../auth/access-token.ts';
import { asRequestRole } from '../../db/as-request-role.ts';
import type { Database } from '../../db/database.ts';
import { PostgrestError } from '../postgrest-error.ts';
import { jsonText, readJsonBody, storableText } from '../request-body.ts';
import { refuse } from '../submission-errors.ts';
import { CLIENT_CLOSED_REQUEST, clientGone } from './client-gone.ts';
import { readQuery, searchRefusal } from './read-query.ts';
import { READ_TABLES } from './read-tables.ts';
import { requestRole, type RequestRole } from './request-role.ts';
import { INBOX_RPCS, VOID_RPCS } from './rpc-functions.ts';

/** supabase-js's .single() and .maybeSingle(): one object instead of an array. */
const OBJECT_TYPE = 'application/vnd.pgrst.object+json';
const JSON_TYPES = new Set(['*/*', 'application/*', 'application/json', OBJECT_TYPE]);
/**
 * The longest text an RPC takes (a reply or a note) however it is escaped
 * (\uXXXX\uXXXX per code point, 12 bytes), plus the rest.
 */
const RPC_BODY_BYTES = 12 * Math.max(REPLY_MAX_CHARS, NOTE_MAX_CHARS) + 1024;

/**
 * PostgREST's GET on what the inbox reads and POST on its functions
 * (docs/inbox.md), as role `authenticated` with the token's claims, or `anon`
 * without a token: the database's grants and row-level security decide what
 * comes back. Answers carry leads, so no cache keeps them.
 */
export const inboxApi: FastifyPluginAsync<{ database: Database }> = async (app, { database }) => {
  const signingKey = signingKeyOf(database);
  app.addHook('onSend', async (_, reply) => {
    reply.header('cache-control', 'no-store');
  });

  for (const [name, table] of Object.entries(READ_TABLES)) {
    app.get(`/${name}`, async (request, reply) => {
      const role = await requestRole(request, signingKey);
      const single = wantsObject(request.headers.accept);
      const query = readQuery(name, table, new URL(request.url, 'http://localhost').searchParams);
      const counted = /(^|[\s,])count=(exact|planned|estimated)/.test(
        String(request.headers.prefer ?? ''),
      );
      const from = `from public.${name} ${query.where}`;
      // Each statement waits for its turn on the database, and a client gone by then is not
      // served. The count runs in a transaction of its own, so on the embedded database (one
      // query at a time) a visitor's insert may go between the two instead of after both.
      const statement = async (sql: string) => {
        const result = await asRole(role, async (session) =>
          clientGone(request) ? undefined : session.query(sql, query.params),
        ).catch((error: unknown) => {
          throw searchRefusal(error);
        });
        return result?.[0];
      };
      const page = await statement(
        `select coalesce(json_agg(t), '[]'::json) as rows from (
           select ${query.columns} ${from} ${query.orderBy}
           ${query.limit === undefined ? '' : `limit ${query.limit}`} offset ${query.offset}) t`,
      );
      const count = page && counted ? await statement(`select count(*)::bigint as n ${from}`) : {};
      if (!page || !count) {
        request.log.info('inbox read not run: its client has gone');
        return reply.code(CLIENT_CLOSED_REQUEST).send();
      }
      const rows = page.rows as unknown[];
      const total = count.n === undefined ? undefined : Number(count.n);
      return sendRows(reply, rows, query.offset, total, single);
    });
  }

  for (const [name, args] of Object.entries(INBOX_RPCS)) {
    app.post(`/rpc/${name}`, { bodyLimit: RPC_BODY_BYTES }, async (request, reply) => {
      const role = await requestRole(request, signingKey);
      // PostgREST negotiates before it calls: a client that takes no JSON changes nothing.
      wantsObject(request.headers.accept);
      const body = readJsonBody(request.headers['content-type'], request.body as Buffer);
      const given = body && typeof body === 'object' && !Array.isArray(body) ? body : undefined;
      const names = Object.keys(args);
      if (!given || !sameKeys(Object.keys(given), names)) {
        throw new PostgrestError(
          404,
          'PGRST202',
          `Could not find the function public.${name}(${Object.keys(given ?? {})
            .sort()
            .join(', ')}) in the schema cache`,
          null,
          'Perhaps you meant to call the function with its documented arguments.',
        );
      }
      const values = names.map((arg) => sqlValue((given as Record<string, unknown>)[arg]));
      const call = names.map((arg, i) => `${arg} => $${i + 1}::${args[arg]}`).join(', ');
      // As JSON from the database, as PostgREST answers: a bigint is a number, not a string.
      const result = VOID_RPCS.has(name)
        ? `public.${name}(${call})`
        : `to_json(public.${name}(${call}))`;
      const [row] = await asRole(role, (session) =>
        session.query(`select ${result} as result`, values),
      );
      if (VOID_RPCS.has(name)) return reply.code(204).send();
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(row?.result));
    });
  }

  /** A refusal by the grants is PostgREST's 403 for a signed-in user (401 is anon's). */
  const asRole = async <T>(role: RequestRole, work: Parameters<typeof asRequestRole<T>>[3]) => {
    try {
      return await asRequestRole(database, role.role, role.claims, work);
    } catch (error) {
      const sql = error as { code?: string; message?: string; detail?: string; hint?: string };
      if (sql?.code === '42501' && role.role === 'authenticated') {
        throw new PostgrestError(
          403,
          '42501',
          sql.message ?? 'permission denied',
          sql.detail,
          sql.hint,
        );
      }
      throw error;
    }
  };
};

/** Whether Accept asks for one object (.single()); PostgREST's 406 when it takes no JSON at all. */
function wantsObject(accept: string | undefined): boolean {
  if (!accept?.trim()) return false;
  const types = accept.split(',').map((item) => item.split(';')[0]!.trim().toLowerCase());
  if (!types.some((type) => JSON_TYPES.has(type))) throw refuse.notAcceptable(accept);
  return types[0] === OBJECT_TYPE;
}

function sameKeys(given: string[], expected: string[]): boolean {
  return given.length === expected.length && expected.every((key) => given.includes(key));
}

/** JSON arguments as PostgREST passes them: scalars as text for PostgreSQL to cast. */
function sqlValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return storableText(value);
  return typeof value === 'object' ? jsonText(value) : String(value);
}

/** The rows with PostgREST's Content-Range, status (206 for part of a counted set) and 416. */
function sendRows(
  reply: FastifyReply,
  rows: unknown[],
  offset: number,
  total: number | undefined,
  single: boolean,
): FastifyReply {
  if (total !== undefined && offset > total) {
    throw new PostgrestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
    );
  }
  const range = rows.length > 0 ? `${offset}-${offset + rows.length - 1}` : '*';
  reply.header('content-range', `${range}/${total ?? '*'}`);
  if (single) {
    if (rows.length !== 1) {
      throw new PostgrestError(
        406,
        'PGRST116',
        'JSON object requested, multiple (or no) rows returned',
        `The result contains ${rows.length} rows`,
      );
    }
    return reply.type(`${OBJECT_TYPE}; charset=utf-8`).send(JSON.stringify(rows[0]));
  }
  const partial = total !== undefined && rows.length < total;
  return reply
    .code(partial ? 206 : 200)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(rows));
}

import { RealtimeClient, type RealtimePostgresChangesPayload } from '@supabase/realtime-js';
import { SignJWT } from 'jose';
import ws from 'ws';
import { REALTIME_PREFIX, REALTIME_TABLES } from '../../../shared/realtime.ts';
import type { RunningServer } from '../../../server/start.ts';
import { until } from '../../support/until.ts';

type Row = Record<string, unknown>;

export interface Ear {
  /** Every postgres_changes event heard, in order. */
  heard: RealtimePostgresChangesPayload<Row>[];
  /** subscribe()'s statuses, with the error's words when there was one. */
  statuses: string[];
  /** Whether a change of `table` to the row with this key was heard. */
  heardRow(table: string, key: number): boolean;
  close(): Promise<void>;
}

/**
 * A supabase-js realtime client on `url`, listening as `token` (none: anon)
 * to every change of the inbox's live tables, as the inbox does; resolves
 * once subscribe() has answered, SUBSCRIBED or not.
 */
export async function listen(
  url: string,
  token: string | null,
  {
    vsn,
    tables = Object.keys(REALTIME_TABLES),
    schema = 'public',
  }: { vsn?: '1.0.0' | '2.0.0'; tables?: string[]; schema?: string } = {},
): Promise<Ear> {
  const client = new RealtimeClient(`${url}${REALTIME_PREFIX}`, {
    transport: ws as unknown as typeof WebSocket,
    params: { apikey: 'anon-key-for-tests' },
    ...(vsn && { vsn }),
  });
  if (token) await client.setAuth(token);
  const heard: Ear['heard'] = [];
  const statuses: string[] = [];
  const channel = client.channel('inbox');
  for (const table of tables) {
    channel.on('postgres_changes', { event: '*', schema, table }, (change) => heard.push(change));
  }
  channel.subscribe((status, error) =>
    statuses.push(error ? `${status}: ${error.message}` : status),
  );
  await until(() => statuses.length > 0, 10_000, 'the join to be answered');
  return {
    heard,
    statuses,
    heardRow: (table, key) =>
      heard.some(
        (c) =>
          c.table === table &&
          Number((c.new as Row)[REALTIME_TABLES[table as keyof typeof REALTIME_TABLES]]) === key,
      ),
    async close() {
      await client.removeAllChannels();
      client.disconnect();
    },
  };
}

/** A token our server would sign for anyone, member or not, with the database's own key. */
export async function tokenFor(
  server: RunningServer,
  claims: Row & { email: string },
): Promise<string> {
  const [row] = await server.query('select secret from app_private.auth_signing_key');
  return new SignJWT({ role: 'authenticated', ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.sub ?? crypto.randomUUID()))
    .setAudience('authenticated')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(String(row!.secret)));
}

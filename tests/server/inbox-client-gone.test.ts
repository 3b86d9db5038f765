import { connect, type Socket } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { DEFAULT_POOL_SIZE } from '../../server/db/postgres-database.ts';
import type { BackendKind } from '../support/backend-kind.ts';
import { until } from '../support/until.ts';
import { describeEachBackend, sharedPerBackend } from './support/backends.ts';
import { inboxClient, signIn, startInboxServer, storeLead } from './support/inbox.ts';
import { holdDatabase, spyOnSql } from './support/sql-spy.ts';

/**
 * A read whose client has gone is not run (docs/inbox.md, "Search"): the embedded database
 * runs one query at a time, so a read queued behind others gets its turn
 * whether or not anyone still waits for it. The socket is the subject here,
 * so these tests speak HTTP over a socket of their own.
 */
const PATIENCE_MS = 10_000;

const server = sharedPerBackend(async (kind) => {
  // on a socket: the subject is a client that closes its connection mid-request.
  const inbox = await startInboxServer(kind, { listen: true });
  const session = await signIn(inboxClient(inbox.server.url), inbox.sink);
  await storeLead(inbox.server, { name: 'Ada', email: 'ada@example.co.uk', message: 'Hello' });
  // One read first: the server reads its signing key once, and that read must not queue below.
  const first = await fetch(`${inbox.server.url}/rest/v1/inbox_leads?select=id`, {
    headers: { authorization: `Bearer ${session.access_token}` },
  });
  expect(first.status).toBe(200);
  return { inbox, token: session.access_token, close: () => inbox.close() };
});

/** Every connection the server's database has: one for PGlite, the pool's for PostgreSQL. */
const connections = (kind: BackendKind) => (kind === 'embedded' ? 1 : DEFAULT_POOL_SIZE);

/** A GET of the list over a socket of our own; `answer` is everything the server sent back. */
function rawRead(url: string, token: string): { socket: Socket; answer: Promise<string> } {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  socket.write(
    'GET /rest/v1/inbox_leads?select=id HTTP/1.1\r\n' +
      `host: ${hostname}\r\nauthorization: Bearer ${token}\r\nconnection: close\r\n\r\n`,
  );
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const answer = new Promise<string>((resolve) => socket.on('close', () => resolve(text)));
  return { socket, answer };
}

// per backend: PGlite runs one query at a time, PostgreSQL a pool: a gone client's read is dropped on both.
describeEachBackend('inbox: a read whose client has gone', (kind) => {
  const shared = server(kind);
  let inbox: ReturnType<ReturnType<typeof server>>['inbox'];
  let token: string;
  beforeAll(() => void ({ inbox, token } = shared()));

  it('is not run when the client closed the connection while it waited for its turn', async () => {
    const sql = spyOnSql(inbox.server.database);
    const held = await holdDatabase(inbox.server.database, connections(kind));
    const { socket, answer } = rawRead(inbox.server.url, token);
    await until(() => sql.requests().asked === 1, PATIENCE_MS, 'the read to wait for its turn');
    // The client goes: its close completes once the server has ended the connection too.
    socket.end();
    expect(await answer).toBe('');
    await held.release();
    // The read's turn came and went: its transaction ended without reading the list.
    await until(() => sql.requests().settled === 1, PATIENCE_MS, 'the read to have had its turn');
    expect(sql.reads()).toEqual([]);
  });

  it('is run as usual when the client waits (the same steps, the client staying)', async () => {
    const sql = spyOnSql(inbox.server.database);
    const held = await holdDatabase(inbox.server.database, connections(kind));
    const { answer } = rawRead(inbox.server.url, token);
    await until(() => sql.requests().asked === 1, PATIENCE_MS, 'the read to wait for its turn');
    await held.release();
    expect(await answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(sql.reads()).toHaveLength(1);
  });
});

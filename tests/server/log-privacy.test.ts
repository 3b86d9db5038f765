import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { DatabaseUnavailableError, type Database } from '../../server/db/database.ts';
import { describeOnEmbedded, TEST_RATE_LIMIT, testApp, type TestApp } from './support/backends.ts';
import { capturedLog } from './support/captured-log.ts';
import { send, TABLE_URL } from '../support/requests.ts';
import { storeLead } from './support/inbox.ts';
import { replyInbox, type ReplyInbox, sendReply, settledReply } from './support/replies.ts';

/** This file's reply inbox, one per backend. */
const replyServer = replyInbox();

/** Strings no log line may hold: a visitor's. */
const VISITOR = {
  name: 'Zebedee Quartermaine',
  email: 'zebedee.q@secret-mail.example',
  message: 'Please keep this confidential: budget 12345',
};
const SECRETS = [...Object.values(VISITOR), 'Zebedee', 'secret-mail', 'confidential'];

/**
 * An error as the drivers raise one: PGlite attaches the query and its
 * parameters, node-postgres the failing row, and a message may quote a value.
 */
function driverError(message: string, code?: string): Error {
  return Object.assign(new Error(`${message}: "${VISITOR.name}"`), {
    ...(code && { code }),
    query: 'insert into public.contact_submissions (name, email, message) values ($1, $2, $3)',
    params: Object.values(VISITOR),
    detail: `Failing row contains (${Object.values(VISITOR).join(', ')}).`,
  });
}

/** The app over a database whose every call fails with `error`. */
async function appFailingWith(error: unknown, db: Database) {
  const log = capturedLog();
  const failing: Database = {
    ...db,
    insertSubmission: async () => {
      throw error;
    },
    query: async () => {
      throw error;
    },
  };
  const app = await buildApp({
    database: failing,
    distDir: '/nonexistent',
    logger: log.stream,
    rateLimitPerMinute: TEST_RATE_LIMIT,
  });
  return { app, log };
}

describe('no error path writes a visitor’s words to the log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp('embedded');
  });
  afterAll(() => t?.close());

  it.each([
    ['the database unavailable', new DatabaseUnavailableError(driverError('terminated')), 503],
    ['an unreachable database’s SQLSTATE', driverError('connection lost', '08006'), 503],
    ['a fault of ours in SQL', driverError('syntax error at or near', '42601'), 500],
    ['a fault of ours in code', driverError('Cannot read properties of undefined'), 500],
  ] as const)('%s', async (_, error, status) => {
    const { app, log } = await appFailingWith(error, t.db);
    const response = await send(app, { body: VISITOR });
    expect(response.statusCode).toBe(status);
    // The health check logs its failure too.
    expect((await app.inject('/healthz')).statusCode).toBe(503);
    await app.close();
    expect(log.lines().some((line) => line.level === 50)).toBe(true);
    for (const secret of SECRETS) expect(log.text()).not.toContain(secret);
  });
});

describeOnEmbedded('the log of a refused or odd request', (kind) => {
  let t: TestApp;
  const log = capturedLog();
  beforeAll(async () => {
    t = await testApp(kind, {}, { logger: log.stream });
  });
  afterAll(() => t?.close());

  it('holds no value the database refused, nor one sent in the query string', async () => {
    // Refused by the database itself (a CHECK), whose error carries the row's values. A
    // control character, not a leading space: the database now trims spaces and accepts
    // (20261124045000_trim_submission_text.sql).
    const refused = await send(t.app, { body: { ...VISITOR, name: `${VISITOR.name}\u0007` } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: '23514' });
    expect((await send(t.app, { raw: `{"name": "${VISITOR.name}", broken` })).statusCode).toBe(400);
    const query = new URLSearchParams(VISITOR).toString();
    await send(t.app, { url: `${TABLE_URL}?${query}`, body: VISITOR });
    await t.app.inject(`/?${query}`);

    const urls = log
      .lines()
      .filter((line) => line.msg === 'request completed')
      .map((line) => line.url)
      // send() fetches a challenge for each proof of work (tests/support/proof.ts).
      .filter((url) => url !== '/rest/v1/rpc/contact_challenge');
    expect(urls).toEqual([TABLE_URL, TABLE_URL, TABLE_URL, '/']);
    for (const secret of SECRETS) expect(log.text()).not.toContain(secret);
  });
});

describeOnEmbedded('the log of replies from the inbox', (kind) => {
  const shared = replyServer(kind);
  let t: ReplyInbox;
  beforeAll(() => void (t = shared()));

  it('holds no reply’s words nor the lead’s, sent, refused or too long', async () => {
    const words = 'Our quote for Zebedee, confidential: 98765';
    const bounced = 'zeb.bounce@secret-mail.example';
    t.sink.refuseRecipients.add(bounced);
    for (const email of [VISITOR.email, bounced]) {
      const lead = await storeLead(t.server, { ...VISITOR, email });
      const reply = await settledReply(t.server, await sendReply(t.member, lead, words));
      expect(reply.state).toBe(email === bounced ? 'refused' : 'sent');
    }
    const lead = await storeLead(t.server, VISITOR);
    const tooLong = await t.member.rpc('inbox_send_reply', {
      lead_id: lead,
      body: `${words} ${'9'.repeat(10_000)}`,
    });
    expect(tooLong.status).toBe(400);

    // The worker did log, by id only.
    expect(t.log.text()).toMatch(/Reply \d+ to lead \d+ accepted by the relay/);
    expect(t.log.text()).toMatch(/Reply \d+ to lead \d+ was refused/);
    for (const secret of [...SECRETS, '98765', 'zeb.bounce']) {
      expect(t.log.text()).not.toContain(secret);
    }
  });
});

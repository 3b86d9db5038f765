import { expect, it, onTestFinished } from 'vitest';
import { startServer, type RunningServer, type StartOptions } from '../../server/start.ts';
import {
  describeOnEmbedded,
  describePostgres,
  freshBackend,
  type Backend,
} from './support/backends.ts';
import { SilentRelay, SmtpSink } from '../support/smtp-sink.ts';
import { until } from '../support/until.ts';
import { send, VALID } from '../support/requests.ts';
import type { BackendKind } from '../support/backend-kind.ts';
import { submissionReference } from '../../shared/reference.ts';
import { workingWednesday } from '../support/working-wednesday.ts';

const NOTIFY_EMAIL = 'leads@agency.example';
/** Polls and retries in milliseconds rather than seconds, so a retry fits in a test. */
const FAST = { deliveryPollMs: 25, deliveryRetryBaseMs: 50 };

/** A server on `backend` that emails leads to `sink`, polling fast. */
const deliveringTo = (backend: Backend, sink: SmtpSink): StartOptions => ({
  listen: false,
  ...backend.options,
  distDir: '/nonexistent',
  smtpUrl: sink.url,
  notifyEmail: NOTIFY_EMAIL,
  ...FAST,
  // Midweek for the lead clocks: on a Monday morning their weekly digest would join the lead emails counted here.
  clockNow: workingWednesday,
});

/** The page's insert, by inject: the worker's mail is the subject, not the socket. */
const post = (server: RunningServer, body: object) => send(server.app, { body });

const outbox = (server: RunningServer) =>
  server.query(
    'select submission_id::int as id, attempts, last_error, sent_at from lead_outbox order by 1',
  );

/**
 * Waits until the outbox holds `count` leads, each marked sent, and returns it. Then
 * closing the server, which lets a send in flight finish, leaves the sink holding all
 * it will ever get: "sent once" is checked without waiting to see if more arrive.
 */
async function allSent(server: RunningServer, count: number) {
  let rows: Awaited<ReturnType<typeof outbox>> = [];
  await until(
    async () => {
      rows = await outbox(server);
      return rows.length === count && rows.every((row) => row.sent_at != null);
    },
    10_000,
    `${count} lead(s) marked sent`,
  );
  return rows;
}

/** The reference a lead's email carries: its submission key's (docs/product.md#exactly-once). */
async function referenceOf(server: RunningServer, name: string) {
  const [row] = await server.query(
    'select submission_key::text as key from contact_submissions where name = $1',
    [name],
  );
  return submissionReference(String(row!.key));
}

/**
 * A fresh database and mail relay for the running test, and how to start a
 * server that emails leads to it; all of it stopped when the test finishes.
 */
async function delivering(kind: BackendKind) {
  const backend = await freshBackend(kind);
  onTestFinished(() => backend.dispose());
  const sink = await SmtpSink.start();
  onTestFinished(() => sink.down());
  const start = async (options: StartOptions = {}) => {
    const server = await startServer({ ...deliveringTo(backend, sink), ...options });
    onTestFinished(() => server.close());
    return server;
  };
  return { sink, start };
}

describeOnEmbedded('lead delivery to a relay that answers', (kind) => {
  it('emails a submission once, to NOTIFY_EMAIL, replying to the visitor, its text escaped', async () => {
    const { sink, start } = await delivering(kind);
    const server = await start();
    const message = '<script>alert("hi")</script> & <b>bold</b>\nSecond line';
    expect((await post(server, { ...VALID, message })).statusCode).toBe(201);

    const [mail] = await sink.waitFor(1);
    const [row] = await allSent(server, 1);
    const reference = await referenceOf(server, VALID.name);
    await server.close();
    expect(sink.received).toHaveLength(1);
    expect(mail!.envelopeTo).toEqual([NOTIFY_EMAIL]);
    expect(mail!.header('to')).toBe(NOTIFY_EMAIL);
    expect(mail!.header('reply-to')).toBe(`Jane Smith <${VALID.email}>`);
    expect(mail!.header('subject')).toBe(`New enquiry from Jane Smith (${reference})`);
    expect(mail!.bodies['text/plain']).toContain(message);
    const html = mail!.bodies['text/html']!;
    expect(html).toContain(
      '&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;',
    );
    expect(html).not.toMatch(/<script|<b>/);
    expect(row).toMatchObject({ attempts: 0, last_error: null });
    expect(row!.sent_at).toBeInstanceOf(Date);
  });

  it('lets no header or recipient in through what the visitor typed', async () => {
    const { sink, start } = await delivering(kind);
    const server = await start();
    // CR and LF never reach the table (validation.ts); these line breaks do, and must not split a header.
    const name = 'Eve\u2028Bcc: victim@example.com\u0085X-Injected: yes';
    expect((await post(server, { ...VALID, name, email: 'eve@example.com' })).statusCode).toBe(201);
    // Valid to the form (no whitespace, one @), but a comma would make two addresses in a header.
    const crafted = 'victim@example.com,eve@evil.example';
    const twoAt = { ...VALID, name: 'Mallory', email: crafted.replace('victim@', 'victim%') };
    expect((await post(server, twoAt)).statusCode).toBe(201);

    await allSent(server, 2);
    const [{ key: eveKey }] = (await server.query(
      "select submission_key::text as key from contact_submissions where email = 'eve@example.com'",
    )) as [{ key: string }];
    await server.close();
    const mails = sink.received;
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.envelopeTo).toEqual([NOTIFY_EMAIL]);
      const names = mail.headers.map(([header]) => header.toLowerCase());
      expect(names).not.toContain('bcc');
      expect(names).not.toContain('x-injected');
      expect(names.filter((header) => header === 'subject')).toHaveLength(1);
    }
    const eve = mails.find((mail) => mail.header('subject')!.includes('Eve'))!;
    expect(eve.header('subject')).toBe(
      `New enquiry from Eve Bcc: victim@example.com X-Injected: yes (${submissionReference(eveKey)})`,
    );
    expect(eve.header('reply-to')).toMatch(/<eve@example\.com>$/);
    const mallory = mails.find((mail) => mail.header('subject')!.includes('Mallory'))!;
    expect(mallory.header('reply-to')).toBeUndefined();
    expect(mallory.bodies['text/plain']).toContain(twoAt.email);
  });
});

describeOnEmbedded('lead delivery while the relay is down or hangs', (kind) => {
  it('retries while the relay is down and delivers once it is back', async () => {
    const { sink, start } = await delivering(kind);
    await sink.down();
    const server = await start();
    expect((await post(server, VALID)).statusCode).toBe(201);
    // Two failures: the first attempt and at least one retry after backing off.
    await until(
      async () => Number((await outbox(server))[0]?.attempts) >= 2,
      10_000,
      'two failures',
    );
    const [failing] = await outbox(server);
    expect(failing!.last_error).toMatch(/ECONNREFUSED/);
    expect(sink.received).toHaveLength(0);

    await sink.up();
    await allSent(server, 1);
    await server.close();
    expect(sink.received).toHaveLength(1);
  });

  it('resumes pending leads after a restart and sends each once', async () => {
    const { sink, start } = await delivering(kind);
    await sink.down();
    const first = await start();
    for (const name of ['Before One', 'Before Two']) {
      expect((await post(first, { ...VALID, name })).statusCode).toBe(201);
    }
    await until(async () => Number((await outbox(first))[0]?.attempts) >= 1, 10_000, 'a failure');
    await first.close();

    await sink.up();
    const second = await start();
    await allSent(second, 2);
    const references = [
      await referenceOf(second, 'Before One'),
      await referenceOf(second, 'Before Two'),
    ];
    await second.close();
    const subjects = sink.received.map((mail) => mail.header('subject')).sort();
    expect(subjects).toEqual([
      `New enquiry from Before One (${references[0]})`,
      `New enquiry from Before Two (${references[1]})`,
    ]);
  });

  it('sends at once, after a restart, a lead the stopped process held leased', async () => {
    const { sink, start } = await delivering(kind);
    await sink.down();
    const first = await start();
    expect((await post(first, { ...VALID, name: 'Leased Lead' })).statusCode).toBe(201);
    await until(async () => Number((await outbox(first))[0]?.attempts) >= 1, 10_000, 'a failure');
    // As a process killed mid-send leaves it: claimed for the lease's 5 minutes.
    await first.query(`update lead_outbox set locked_until = now() + interval '5 minutes'`);
    await first.close();

    await sink.up();
    const second = await start();
    // Within the test's 10 s, not the lease's 5 minutes: the embedded database has no other
    // process that could still be sending it.
    await allSent(second, 1);
    await second.close();
    expect(sink.received).toHaveLength(1);
  });

  it('answers a visitor at once while a send hangs', async () => {
    const { start } = await delivering(kind);
    const relay = await SilentRelay.start();
    const server = await start({ smtpUrl: relay.url });
    // Hang up before the server closes, or closing would wait for the greeting timeout.
    onTestFinished(() => relay.release());
    expect((await post(server, VALID)).statusCode).toBe(201);
    await until(() => relay.sockets.size > 0, 5_000, 'the worker to connect');
    const [hanging] = relay.sockets;

    for (let i = 0; i < 5; i++) {
      const response = await post(server, { ...VALID, name: `Visitor ${i}` });
      expect(response.statusCode).toBe(201);
    }
    // Every visitor was answered while that send still hung (it ends only at the
    // mailer's greeting timeout, which would close its connection).
    expect(hanging!.destroyed).toBe(false);
    const rows = await outbox(server);
    expect(rows).toHaveLength(6);
    expect(rows.every((row) => row.sent_at === null)).toBe(true);
  });
});

describeOnEmbedded('lead delivery without SMTP settings', (kind) => {
  it('sends nothing without SMTP, keeps the leads, and sends them once it is configured', async () => {
    const { sink, start } = await delivering(kind);
    const off = await start({ smtpUrl: undefined, notifyEmail: undefined });
    expect((await post(off, VALID)).statusCode).toBe(201);
    expect(await outbox(off)).toEqual([{ id: 1, attempts: 0, last_error: null, sent_at: null }]);
    await off.close();
    expect(sink.received).toHaveLength(0);

    const on = await start();
    await sink.waitFor(1);
    await until(async () => (await outbox(on))[0]?.sent_at != null, 5_000, 'sent_at');
  });
});

describePostgres('lead delivery from two server instances on one database', () => {
  it('sends each lead once between them', async () => {
    const backend = await freshBackend('postgres');
    const sink = await SmtpSink.start();
    onTestFinished(() => backend.dispose());
    onTestFinished(() => sink.down());
    const options = {
      ...deliveringTo(backend, sink),
      // 15 posts to each from one address: over a visitor's limit.
      rateLimitPerMinute: 100,
    };
    const servers = [await startServer(options), await startServer(options)];
    for (const server of servers) onTestFinished(() => server.close());

    const posts = Array.from({ length: 30 }, (_, i) =>
      post(servers[i % 2]!, { ...VALID, name: `Lead ${i}` }),
    );
    expect((await Promise.all(posts)).map((response) => response.statusCode)).toEqual(
      Array(30).fill(201),
    );
    await allSent(servers[0]!, 30);
    await Promise.all(servers.map((server) => server.close()));
    const subjects = sink.received.map((mail) => mail.header('subject'));
    expect(subjects).toHaveLength(30);
    expect(new Set(subjects).size).toBe(30);
  });
});

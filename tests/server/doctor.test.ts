/**
 * `npm run doctor` (docs/deploying.md, "Check the setup") against a relay that accepts the
 * agency's addresses, one that refuses one at RCPT TO, and one that is down: it says which, exits
 * non-zero when the relay will not work, and sends nothing; and what it says of a PostgreSQL's
 * locale.
 */
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it, onTestFinished } from 'vitest';
import { SmtpSink } from '../support/smtp-sink.ts';
import { createPostgresDatabase, describePostgres } from './support/backends.ts';
import { AGENCY, doctor, PARTNER } from './support/doctor-run.ts';

describe('npm run doctor', () => {
  it('says the relay accepts the agency addresses, and exits 0 when every part will work', async () => {
    const sink = await SmtpSink.start();
    onTestFinished(() => sink.down());
    const run = await doctor(sink);
    expect(run.relayLine).toBe(
      `ok  relay           127.0.0.1:${sink.port} accepts mail from ${AGENCY} to ${AGENCY}, ${PARTNER} (nothing was sent)`,
    );
    expect(run.lineOf('alerts')).toBe(
      `ok  alerts          on, through the four public push services, with mailto:${AGENCY} as their contact`,
    );
    expect(run.code, run.output).toBe(0);
    expect(sink.received).toEqual([]);
  });

  it('names the address the relay refuses at RCPT TO, in its words, and exits 1', async () => {
    const sink = await SmtpSink.start();
    onTestFinished(() => sink.down());
    sink.refuseRecipients.add(PARTNER);
    const run = await doctor(sink);
    expect(run.relayLine).toMatch(
      new RegExp(`^fix relay +127\\.0\\.0\\.1:${sink.port} refuses ${PARTNER} \\("554 5\\.1\\.1 `),
    );
    expect(run.code).toBe(1);
    expect(sink.received).toEqual([]);
  });

  it('logs in to a relay on port 587 only after STARTTLS, as the mailer does', async () => {
    const relay = await startTlsRelay();
    onTestFinished(relay.close);
    const run = await doctor(
      { url: `smtp://web%40agency.example:hunter2@localhost:${relay.port}` },
      { NODE_EXTRA_CA_CERTS: relay.caFile },
    );
    expect(run.relayLine).toMatch(
      /^ok {2}relay +localhost:\d+ accepts mail from web@agency\.example /,
    );
    expect(relay.logins).toEqual([{ user: 'web@agency.example', secure: true }]);
    expect(run.output).not.toContain('hunter2');
  });

  it('says first that the local mailbox stands in for the relay on this machine, and where else it differs', async () => {
    const unset = {
      SMTP_URL: '',
      NOTIFY_EMAIL: '',
      INBOX_EMAILS: '',
      VITE_SITE_URL: '',
      MAILBOX_PORT: '18025',
    };
    const run = await doctor({ url: '' }, unset);
    expect(run.output.split('\n')[0]).toBe(
      'note: no SMTP_URL outside production, so the server keeps every email in the local mailbox at http://127.0.0.1:18025/ and owner@mailbox.localhost may sign in unless INBOX_EMAILS names others (docs/local-mailbox.md). That works on this machine; the lines below check a real deployment.',
    );
    expect(run.relayLine).toMatch(/^fix relay +SMTP_URL is unset/);
    // The start-up lines on this machine say "Alerts are on" and name the local mailbox's member:
    // the lines for a real deployment say why this machine differs, not the opposite flatly.
    expect(run.lineOf('alerts')).toBe(
      "fix alerts          off in a real deployment: the push services want a contact, so set NOTIFY_EMAIL or an https:// VITE_SITE_URL. On this machine they are on: the local mailbox's owner@mailbox.localhost is the contact, which a real deployment does not have.",
    );
    // It reads the settings only: an owner who ran `members add` is told where that address is,
    // not sent to run it again.
    expect(run.lineOf('members')).toBe(
      'fix members         INBOX_EMAILS and NOTIFY_EMAIL are unset, so a deployment adds nobody to the inbox at start: set one. Addresses added with npm run -s submissions -- members add are in the database and not checked here (members list shows them). On this machine the local mailbox adds owner@mailbox.localhost, as the start-up lines say.',
    );
    expect(run.code).toBe(1);
    const production = await doctor({ url: '' }, { ...unset, NODE_ENV: 'production' });
    expect(production.output).not.toContain('local mailbox');
    expect(production.lineOf('alerts')).toBe(
      'fix alerts          off in a real deployment: the push services want a contact, so set NOTIFY_EMAIL or an https:// VITE_SITE_URL.',
    );
  });

  it('says a relay that is down cannot be used, and exits 1', async () => {
    const sink = await SmtpSink.start();
    await sink.down();
    const run = await doctor(sink);
    expect(run.relayLine).toMatch(
      new RegExp(`^fix relay +cannot use 127\\.0\\.0\\.1:${sink.port}: .*ECONNREFUSED`),
    );
    expect(run.code).toBe(1);
  });
});

describePostgres('npm run doctor, on PostgreSQL', () => {
  /** The doctor's database line for an empty database in `locale`. */
  async function databaseLine(locale: string) {
    const { url, drop } = await createPostgresDatabase(undefined, locale);
    onTestFinished(drop);
    const sink = await SmtpSink.start();
    onTestFinished(() => sink.down());
    const run = await doctor(sink, { DATABASE_URL: url });
    return run.output.split('\n').find((line) => /^\w+ +database /.test(line)) ?? run.output;
  }

  it("says a database in Supabase's locale answers, and no more", async () => {
    expect(await databaseLine('C.UTF-8')).toMatch(
      /^ok {2}database +PostgreSQL at 127\.0\.0\.1:\d+ answers; the server migrates it at its first start$/,
    );
  });

  it('warns that a database in the C locale reads emoji and CJK as other words', async () => {
    expect(await databaseLine('C')).toMatch(
      /^ok {2}database +PostgreSQL at .* answers; .*; its character type is C, where emoji and CJK punctuation are letters, .*LC_CTYPE 'C\.UTF-8'/,
    );
  });
});

/** A relay that offers STARTTLS (a certificate made here) and wants a login, as most on 587 do. */
async function startTlsRelay() {
  const dir = mkdtempSync(join(tmpdir(), 'doctor-relay-'));
  const [key, caFile] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'].concat(
      ['-keyout', key, '-out', caFile, '-days', '1', '-subj', '/CN=localhost'],
      ['-addext', 'subjectAltName=DNS:localhost'],
    ),
    { stdio: 'ignore' },
  );
  const logins: { user: string; secure: boolean }[] = [];
  const server = new SMTPServer({
    key: readFileSync(key),
    cert: readFileSync(caFile),
    authMethods: ['PLAIN'],
    logger: false,
    onAuth: (auth, session, callback) => {
      logins.push({ user: auth.username ?? '', secure: session.secure });
      if (auth.password === 'hunter2') return callback(null, { user: auth.username });
      callback(new Error('535 Authentication failed'));
    },
  });
  server.on('error', () => {});
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as { port: number };
  return {
    port,
    caFile,
    logins,
    close: () =>
      new Promise<void>((resolve) => server.close(() => resolve())).finally(() =>
        rmSync(dir, { recursive: true, force: true }),
      ),
  };
}

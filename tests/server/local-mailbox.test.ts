/**
 * The local mailbox (docs/local-mailbox.md): with no relay, outside production, every email the
 * server sends is kept and readable on a page at 127.0.0.1, and the agency's address is the first
 * member; never in production, never with a relay, never from another host.
 */
import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { describe, expect, it, onTestFinished } from 'vitest';
import { leadUrl } from '../../shared/paths.ts';
import { SIGN_IN_CODE_LENGTH } from '../../shared/sign-in-code.ts';
import { LOCAL_OWNER } from '../../server/leads/delivery/local-mailbox.ts';
import { parseServerConfig } from '../../server/settings/read-settings.ts';
import { startServer } from '../../server/start.ts';
import { freePort } from '../support/free-port.ts';
import { addLead } from '../support/inbox-server.ts';
import { SmtpSink } from '../support/smtp-sink.ts';
import { until } from '../support/until.ts';
import { freshBackend } from './support/backends.ts';
import { capturedLog } from './support/captured-log.ts';
import { inboxClient, storeLead } from './support/inbox.ts';
import { sendReply, settledReply } from './support/replies.ts';

const JSON_BODY = { 'content-type': 'application/json' };

/** The server as `npm start` starts it: its settings read from an environment. */
async function startFromEnv(env: Record<string, string>, log?: ReturnType<typeof capturedLog>) {
  const backend = await freshBackend('embedded');
  onTestFinished(() => backend.dispose());
  const config = parseServerConfig({ DATA_DIR: backend.options.dataDir, PORT: '0', ...env });
  const server = await startServer({
    ...config,
    proofOfWork: backend.options.proofOfWork,
    logger: log?.stream ?? false,
    deliveryPollMs: 100,
  });
  onTestFinished(() => server.close());
  return server;
}

const askForCode = (url: string, email: string) =>
  fetch(`${url}/auth/v1/otp`, {
    method: 'POST',
    headers: JSON_BODY,
    body: JSON.stringify({ email, create_user: false }),
  });

/** GET `url` naming `host` in the Host header, as a browser on a rebound DNS name would. */
function getWithHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { host } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    })
      .on('error', reject)
      .end();
  });
}

/** This machine's own addresses other than loopback: how another host would reach it. */
const OUTWARD = Object.values(networkInterfaces())
  .flat()
  .filter((address) => address && !address.internal && address.family === 'IPv4')
  .map((address) => address!.address);

describe('the local mailbox', () => {
  it('keeps every email on a page at 127.0.0.1, and the agency address signs in', async () => {
    const server = await startFromEnv({ MAILBOX_PORT: '0' });
    const mailbox = server.localMailbox!;
    expect(new URL(mailbox.url).hostname).toBe('127.0.0.1');
    expect(server.members).toEqual([LOCAL_OWNER]);

    expect((await askForCode(server.url, LOCAL_OWNER)).status).toBe(200);
    await addLead(server, {
      name: '<img src=x onerror=alert(1)> Ada',
      email: 'ada@example.co.uk',
      message: 'A new site, please, faster than https://ada.example/"slow"',
    });
    const page = await until(
      async () => (await fetch(mailbox.url)).text(),
      20_000,
      'a sign-in code and the lead email on the page',
      (text) => text.includes('Your sign-in code') && text.includes('Ada'),
    );
    expect(page).toMatch(new RegExp(`^\\d{${SIGN_IN_CODE_LENGTH}}$`, 'm'));
    expect(page).toContain(`To</dt><dd>${LOCAL_OWNER}`);
    // When, as a person reads it, not a raw UTC timestamp.
    expect(page).toMatch(
      /<dt>Kept<\/dt><dd>\w{3}, \d{1,2} \w{3} \d{4}, \d\d:\d\d:\d\d \(UK time\)</,
    );
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt; Ada');
    expect(page).not.toContain('<img');
    // Without VITE_SITE_URL, the lead email still links to the lead in this server's inbox.
    const [lead] = await server.query('select id from contact_submissions');
    const link = leadUrl(String(lead!.id), server.url);
    expect(mailbox.mailbox.messages().some((mail) => mail.text.includes(link))).toBe(true);
    // A link there, as a mail client shows it, so the owner opens the lead from its email; the
    // lead's own words link nowhere, and nothing on the page leads off this machine.
    const shown = await (await fetch(mailbox.url)).text();
    expect(shown).toContain(`In the inbox: <a href="${link}">${link}</a>`);
    expect(shown).toContain('faster than https://ada.example/&quot;slow&quot;');
    expect(shown.match(/<a href="[^"]*"/g)).toEqual(['<a href="./"', `<a href="${link}"`]);
  });

  it('keeps a reply from the inbox, and says it was kept there, not that a relay accepted it', async () => {
    const log = capturedLog();
    const server = await startFromEnv({ MAILBOX_PORT: '0' }, log);
    const kept = server.localMailbox!.mailbox;
    const member = inboxClient(server.url);
    expect((await member.auth.signInWithOtp({ email: LOCAL_OWNER })).error).toBeNull();
    const code = await until(
      async () => kept.messages().find((mail) => mail.subject.includes('sign-in code')),
      20_000,
      'the sign-in code kept',
      (mail) => mail !== undefined,
    );
    const token = new RegExp(`^\\d{${SIGN_IN_CODE_LENGTH}}$`, 'm').exec(code!.text)![0];
    expect(
      (await member.auth.verifyOtp({ email: LOCAL_OWNER, token, type: 'email' })).error,
    ).toBeNull();
    const lead = await storeLead(server, {
      name: 'Ada',
      email: 'ada@example.co.uk',
      message: 'A new site, please.',
    });
    const reply = await sendReply(member, lead, 'Happy to help this week.');

    expect((await settledReply(server, reply)).state).toBe('sent');
    expect(kept.messages().some((mail) => mail.to.includes('ada@example.co.uk'))).toBe(true);
    const [row] = await server.query('select kept_locally from public.lead_replies where id = $1', [
      reply,
    ]);
    expect(row).toEqual({ kept_locally: true });
    const said = await until(
      async () => log.lines().map((line) => String(line.msg)),
      20_000,
      'the reply logged',
      (messages) => messages.some((message) => message.startsWith(`Reply ${reply} `)),
    );
    expect(said.filter((message) => message.startsWith(`Reply ${reply} `))).toEqual([
      `Reply ${reply} to lead ${lead} kept in the local mailbox (nothing left this machine)`,
    ]);
  });

  it('says its owner was made the first member because INBOX_EMAILS is unset', async () => {
    const log = capturedLog();
    await startFromEnv({ MAILBOX_PORT: '0' }, log);
    const messages = log.lines().map((line) => String(line.msg));
    expect(messages).toContain(
      `The local mailbox (INBOX_EMAILS is unset): added ${LOCAL_OWNER} to the inbox's members`,
    );
    expect(messages.filter((message) => message.startsWith('INBOX_EMAILS'))).toEqual([]);
    // Its address is the push services' contact too, as `npm run doctor` says of this machine.
    expect(messages.filter((message) => message.startsWith('Alerts are'))).toEqual([
      expect.stringMatching(/^Alerts are on: /),
    ]);
  });

  it('answers a request naming another host with 421, and nothing on an outward address', async () => {
    const server = await startFromEnv({ MAILBOX_PORT: '0' });
    const { url } = server.localMailbox!;
    expect(await getWithHost(url, 'localhost')).toBe(200);
    expect(await getWithHost(url, 'mail.attacker.example')).toBe(421);
    expect(OUTWARD.length, 'this machine has an address besides loopback').toBeGreaterThan(0);
    const port = new URL(url).port;
    for (const address of OUTWARD) {
      await expect(fetch(`http://${address}:${port}/`)).rejects.toThrow();
    }
  });

  it('is not served with NODE_ENV=production, and nobody is made a member', async () => {
    const port = await freePort();
    const server = await startFromEnv({ MAILBOX_PORT: String(port), NODE_ENV: 'production' });
    expect(server.localMailbox).toBeUndefined();
    expect(server.members).toEqual([]);
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });

  it('is not served with a relay set: the code goes to the relay', async () => {
    const sink = await SmtpSink.start();
    onTestFinished(() => sink.down());
    const port = await freePort();
    const agency = 'agency@example.co.uk';
    const server = await startFromEnv({
      MAILBOX_PORT: String(port),
      SMTP_URL: sink.url,
      NOTIFY_EMAIL: agency,
    });
    expect(server.localMailbox).toBeUndefined();
    await askForCode(server.url, agency);
    await sink.waitFor(1);
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });
});

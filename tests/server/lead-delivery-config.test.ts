import { describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../../settings/config-error.ts';
import { parseServerConfig } from '../../server/settings/read-settings.ts';
import { createLeadMailer } from '../../server/leads/delivery/lead-mailer.ts';
import { freshBackend } from './support/backends.ts';
import { runServerToExit, spawnServer } from '../support/child-server.ts';
import { LOCAL_OWNER } from '../../server/leads/delivery/local-mailbox.ts';
import { SmtpSink } from '../support/smtp-sink.ts';
import { until } from '../support/until.ts';
import { VALID } from '../support/requests.ts';
import { SERVER_TEST_BUDGET_MS } from '../support/budgets.ts';

// Most tests here start the server as a process.
vi.setConfig({ testTimeout: SERVER_TEST_BUDGET_MS });

const SMTP = {
  SMTP_URL: 'smtps://web:hunter2@smtp.example.com:465',
  NOTIFY_EMAIL: 'leads@a.example',
};

describe('lead delivery configuration', () => {
  it('is off by default, and on with SMTP_URL and NOTIFY_EMAIL', () => {
    expect(parseServerConfig({})).toMatchObject({ smtpUrl: undefined, notifyEmail: undefined });
    expect(parseServerConfig({ ...SMTP, MAIL_FROM: ' Site <site@a.example> ' })).toMatchObject({
      smtpUrl: SMTP.SMTP_URL,
      notifyEmail: SMTP.NOTIFY_EMAIL,
      mailFrom: 'Site <site@a.example>',
    });
    // As .env.example leaves them.
    expect(parseServerConfig({ SMTP_URL: '', NOTIFY_EMAIL: '', MAIL_FROM: '' }).smtpUrl).toBe(
      undefined,
    );
  });

  it.each([
    [{ SMTP_URL: SMTP.SMTP_URL }, 'set NOTIFY_EMAIL too, or neither'],
    [{ NOTIFY_EMAIL: SMTP.NOTIFY_EMAIL }, 'set SMTP_URL too, or neither'],
    [
      { ...SMTP, SMTP_URL: 'https://u:hunter2@smtp.example.com' },
      'SMTP_URL must start with smtp://',
    ],
    [{ ...SMTP, SMTP_URL: 'smtp.example.com:587' }, 'SMTP_URL must start with smtp://'],
    [{ ...SMTP, SMTP_URL: 'hunter2 not a url' }, 'SMTP_URL is not a URL'],
    [{ ...SMTP, NOTIFY_EMAIL: 'a@b.example, c@d.example' }, 'NOTIFY_EMAIL must be one email'],
    [{ ...SMTP, MAIL_FROM: 'Website' }, 'MAIL_FROM must be an address or "Name <address>"'],
  ])('names the problem: %j', (env, message) => {
    expect(() => parseServerConfig(env)).toThrow(ConfigError);
    expect(() => parseServerConfig(env)).toThrow(message);
    // The URL may hold a password: never echoed.
    expect(() => parseServerConfig(env)).toThrow(/^(?!.*hunter2)/s);
  });
});

/** The server's log for its first seconds: pino writes asynchronously, after the URL line. */
async function startUpLog(env: Record<string, string>): Promise<string> {
  const backend = await freshBackend('embedded');
  const server = await spawnServer({ DATA_DIR: backend.options.dataDir, ...env });
  try {
    await until(() => server.output().includes('Lead delivery is'), 10_000, 'the delivery log');
    return server.output();
  } finally {
    server.child.kill('SIGKILL');
    await backend.dispose();
  }
}

describe('the server process says whether leads are emailed', () => {
  it('logs that delivery is off without SMTP in production', async () => {
    expect(await startUpLog({ NODE_ENV: 'production' })).toContain(
      'Lead delivery is off: set SMTP_URL and NOTIFY_EMAIL to email each submission',
    );
  });

  it('logs that leads go to the local mailbox without SMTP elsewhere', async () => {
    expect(await startUpLog({})).toContain(
      `Lead delivery is on: each submission is emailed to ${LOCAL_OWNER} via the local mailbox`,
    );
  });

  it('logs where leads go when on, without the password', async () => {
    const log = await startUpLog(SMTP);
    expect(log).toContain(
      'Lead delivery is on: each submission is emailed to leads@a.example via smtps://smtp.example.com:465',
    );
    expect(log).not.toContain('hunter2');
  });

  it('will not start with half a configuration', async () => {
    const result = await runServerToExit({ SMTP_URL: SMTP.SMTP_URL });
    expect(result.code).toBe(1);
    expect(result.output).toContain('SMTP_URL and NOTIFY_EMAIL go together');
  });
});

describe('an SMTP_URL with a password', () => {
  it('is never used without TLS', async () => {
    const sink = await SmtpSink.start();
    const smtpUrl = sink.url.replace('//', '//web:hunter2@');
    const mailer = createLeadMailer({ smtpUrl, notifyEmail: SMTP.NOTIFY_EMAIL });
    const lead = { id: '1', ...VALID, receivedAt: new Date() };
    const error = await mailer.send(lead).catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(Error);
    // Stored as last_error and logged: names the problem, not the password.
    expect((error as Error).message).toMatch(/TLS/);
    expect((error as Error).message).not.toContain('hunter2');
    expect(sink.received).toHaveLength(0);
    mailer.close();
    await sink.down();
  });
});

import { expect, it, onTestFinished, vi } from 'vitest';
import { startServer } from '../../server/start.ts';
import { runSubmissionsCli } from '../../server/submissions-cli.ts';
import { SERVER_TEST_BUDGET_MS } from '../support/budgets.ts';
import { SmtpSink } from '../support/smtp-sink.ts';
import { describeOnEmbedded, envFor, freshBackend, type Backend } from './support/backends.ts';
import { capturedLog } from './support/captured-log.ts';
import {
  codeSentTo,
  inboxServerOptions,
  OWNER,
  reach,
  signIn,
  storeLead,
  type Reach,
} from './support/inbox.ts';

/**
 * A removal holds across restarts (docs/inbox.md, "Members"): INBOX_EMAILS fills the
 * allowlist at each start, but never brings back whom the operator removed,
 * and the start-up log says what it did.
 */

vi.setConfig({ testTimeout: SERVER_TEST_BUDGET_MS });

const LEAVING = 'leaving@example.co.uk';

/** Our server on `backend` with INBOX_EMAILS naming OWNER and LEAVING, its log captured. */
async function startOn(backend: Backend, sink: SmtpSink) {
  const log = capturedLog();
  const server = await startServer({
    ...inboxServerOptions(backend, sink),
    inboxEmails: [OWNER, LEAVING],
    logger: log.stream,
  });
  onTestFinished(() => server.close());
  const messages = () => log.lines().map((line) => String(line.msg));
  return { server, messages, ...reach(server) };
}

/** `npm run -s submissions -- members …`: its exit code and output. */
async function members(backend: Backend, ...args: string[]) {
  let stdout = '';
  const code = await runSubmissionsCli(['members', ...args], {
    env: envFor(backend),
    stdout: (text) => (stdout += text),
    stderr: (text) => (stdout += text),
  });
  return { code, stdout };
}

const leadsFor = async (server: Reach, token: string) =>
  (await server
    .fetch(`${server.url}/rest/v1/inbox_leads?select=id`, {
      headers: { authorization: `Bearer ${token}` },
    })
    .then((response) => response.json())) as unknown[];

const askCode = (server: Reach, email: string) =>
  server.client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });

describeOnEmbedded('inbox: INBOX_EMAILS at a start', (kind) => {
  it('fills an empty allowlist and says whom it added', async () => {
    const sink = await SmtpSink.start();
    onTestFinished(() => sink.down());
    const backend = await freshBackend(kind);
    onTestFinished(() => backend.dispose());

    const { messages } = await startOn(backend, sink);

    expect(messages()).toContain(`INBOX_EMAILS: added ${LEAVING}, ${OWNER} to the inbox's members`);
    expect(messages().filter((message) => message.includes('skipped'))).toEqual([]);
    const listed = JSON.parse((await members(backend, 'list')).stdout) as { email: string }[];
    expect(listed.map((member) => member.email)).toEqual([LEAVING, OWNER]);
  });

  it('keeps a member removed with the server stopped out, whatever INBOX_EMAILS says', async () => {
    const sink = await SmtpSink.start();
    onTestFinished(() => sink.down());
    const backend = await freshBackend(kind);
    onTestFinished(() => backend.dispose());
    const first = await startOn(backend, sink);
    await storeLead(first.server, { name: 'Ada', email: 'ada@example.co.uk', message: 'Hi' });
    const session = await signIn(first.client(), sink, LEAVING);
    expect(await leadsFor(first, session.access_token)).toHaveLength(1);
    // A code asked for before the removal, kept for after it.
    const before = sink.received.length;
    expect((await askCode(first, LEAVING)).error).toBeNull();
    const keptCode = await codeSentTo(sink, LEAVING, before);
    await first.server.close();

    expect(await members(backend, 'remove', LEAVING)).toEqual({
      code: 0,
      stdout: `Removed ${LEAVING}; their sessions have ended.\n`,
    });
    const second = await startOn(backend, sink);

    expect(second.messages()).toContain(
      `INBOX_EMAILS: skipped ${LEAVING}, removed from the inbox ` +
        '(only `npm run submissions -- members add EMAIL` takes a removal back)',
    );
    expect(second.messages().filter((message) => message.includes('added'))).toEqual([]);
    expect(await leadsFor(second, session.access_token)).toEqual([]);
    const verified = await second.client().auth.verifyOtp({
      email: LEAVING,
      token: keptCode,
      type: 'email',
    });
    expect(verified.error).toMatchObject({ status: 403, code: 'otp_expired' });
    // Codes go out in the order asked: once OWNER's has arrived, LEAVING's would have too.
    const asked = sink.received.length;
    expect((await askCode(second, LEAVING)).error).toBeNull();
    expect((await askCode(second, OWNER)).error).toBeNull();
    await codeSentTo(sink, OWNER, asked);
    expect(sink.received.slice(asked).flatMap((mail) => mail.envelopeTo)).not.toContain(LEAVING);
    const listed = JSON.parse((await members(backend, 'list')).stdout) as { email: string }[];
    expect(listed.map((member) => member.email)).toEqual([OWNER]);
  });
});

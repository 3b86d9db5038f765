import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningServer } from '../../server/start.ts';
import type { SmtpSink } from '../support/smtp-sink.ts';
import { describePostgres } from './support/backends.ts';
import { codeSentTo, OWNER, reach, startInstances, storeLead } from './support/inbox.ts';

/**
 * Three instances on one PostgreSQL (topology 1 at scale): codes, sessions
 * and the signing key live in the database, so any instance finishes what
 * another started, with nothing configured to share.
 */
describePostgres('inbox sign-in across three instances', () => {
  let servers: RunningServer[] = [];
  let sink: SmtpSink;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ servers, sink, close: cleanup } = await startInstances(3));
  });
  afterAll(() => cleanup?.());

  it('takes a code sent by one instance on another, and reads and refreshes on a third', async () => {
    const [first, second, third] = servers as [RunningServer, RunningServer, RunningServer];
    const lead = await storeLead(first, { name: 'Ada', email: 'ada@example.co.uk', message: 'Hi' });

    const asked = await reach(first)
      .client()
      .auth.signInWithOtp({
        email: OWNER,
        options: { shouldCreateUser: false },
      });
    expect(asked.error).toBeNull();
    const token = await codeSentTo(sink, OWNER);

    const onSecond = reach(second).client();
    const verified = await onSecond.auth.verifyOtp({ email: OWNER, token, type: 'email' });
    expect(verified.error).toBeNull();
    const session = verified.data.session!;

    const onThird = reach(third).client();
    await onThird.auth.setSession(session);
    const { data } = await onThird.from('inbox_leads').select('id');
    expect(data).toEqual([{ id: lead }]);

    const refreshed = await reach(first).client().auth.refreshSession({
      refresh_token: session.refresh_token,
    });
    expect(refreshed.error).toBeNull();
    expect(
      (await reach(third).client().auth.getUser(refreshed.data.session!.access_token)).data.user,
    ).toMatchObject({ email: OWNER });
  });

  it('refreshes one token on every instance at once: each gets the same live token, as GoTrue', async () => {
    const [first, second] = servers as [RunningServer, RunningServer];
    const before = sink.received.length;
    const asked = await reach(first)
      .client()
      .auth.signInWithOtp({ email: OWNER, options: { shouldCreateUser: false } });
    expect(asked.error).toBeNull();
    const code = await codeSentTo(sink, OWNER, before);
    const verified = await reach(second).client().auth.verifyOtp({
      email: OWNER,
      token: code,
      type: 'email',
    });
    const session = verified.data.session!;

    // Tabs waking at once: the token is exchanged once, and every other answer is that exchange's.
    const answers = await Promise.all(
      servers.map((server) =>
        reach(server).client().auth.refreshSession({ refresh_token: session.refresh_token }),
      ),
    );
    for (const { error } of answers) expect(error).toBeNull();
    const tokens = new Set(answers.map(({ data }) => data.session!.refresh_token));
    expect(tokens.size).toBe(1);
    expect(tokens.has(session.refresh_token)).toBe(false);
    const [live] = tokens;
    const next = await reach(first).client().auth.refreshSession({ refresh_token: live! });
    expect(next.error).toBeNull();
  });
});

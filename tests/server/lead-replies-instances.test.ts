import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningServer } from '../../server/start.ts';
import type { SmtpSink } from '../support/smtp-sink.ts';
import { until } from '../support/until.ts';
import { describePostgres } from './support/backends.ts';
import { signIn, reach, startInstances, storeLead } from './support/inbox.ts';
import { sendReply } from './support/replies.ts';

/** Three instances on one PostgreSQL, each running the reply worker: every reply goes once. */
describePostgres('replies from the inbox across three instances', () => {
  let servers: RunningServer[] = [];
  let sink: SmtpSink;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({
      servers,
      sink,
      close: cleanup,
    } = await startInstances(3, {
      // All three poll often, so they race for every reply.
      deliveryPollMs: 20,
    }));
  });
  afterAll(() => cleanup?.());

  it('sends each of 12 replies to 4 leads once, threaded in order', async () => {
    const [first] = servers as [RunningServer];
    const member = reach(first).client();
    await signIn(member, sink);
    const leads: number[] = [];
    for (let i = 0; i < 4; i++) {
      leads.push(
        await storeLead(first, { name: `L${i}`, email: `l${i}@example.co.uk`, message: 'Hi' }),
      );
    }
    const ids: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (const lead of leads) ids.push(await sendReply(member, lead, `Reply ${round}`));
    }
    await until(
      async () =>
        Number(
          (
            await first.query(`select count(*) as n from public.lead_replies where state = 'sent'`)
          )[0]!.n,
        ),
      30_000,
      'all 12 replies sent',
      (n) => n === 12,
    );
    const replies = sink.received.filter((mail) =>
      /^<reply-/.test(mail.header('message-id') ?? ''),
    );
    expect(replies).toHaveLength(12);
    expect(new Set(replies.map((mail) => mail.header('message-id'))).size).toBe(12);
    for (let i = 0; i < 4; i++) {
      const thread = replies.filter((mail) => mail.envelopeTo.includes(`l${i}@example.co.uk`));
      expect(thread.map((mail) => mail.bodies['text/plain']!.split('\n')[0])).toEqual([
        'Reply 0',
        'Reply 1',
        'Reply 2',
      ]);
      expect(thread[1]!.header('in-reply-to')).toBe(thread[0]!.header('message-id'));
      expect(thread[2]!.header('in-reply-to')).toBe(thread[1]!.header('message-id'));
      expect(thread[2]!.header('references')).toBe(
        `${thread[0]!.header('message-id')} ${thread[1]!.header('message-id')}`,
      );
    }
  });
});

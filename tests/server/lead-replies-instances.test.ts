import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/start.ts';
import { SmtpSink } from '../support/smtp-sink.ts';
import { TEST_PROOF_OF_WORK } from '../support/proof.ts';
import { until } from '../support/until.ts';
import {
  createPostgresDatabase,
  describePostgres,
  emptyDataDir,
  TEST_RATE_LIMIT,
} from './support/backends.ts';
import { AGENCY, inboxClient, OWNER, RELAXED_LIMITS, signIn, storeLead } from './support/inbox.ts';
import { sendReply } from './support/replies.ts';

/** Three instances on one PostgreSQL, each running the reply worker: every reply goes once. */
describePostgres('replies from the inbox across three instances', () => {
  const servers: RunningServer[] = [];
  let sink: SmtpSink;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    sink = await SmtpSink.start();
    const database = await createPostgresDatabase();
    const { dataDir, remove } = emptyDataDir();
    const start = () =>
      startServer({
        databaseUrl: database.url,
        dataDir,
        distDir: `${dataDir}/no-site`,
        port: 0,
        rateLimitPerMinute: TEST_RATE_LIMIT,
        proofOfWork: TEST_PROOF_OF_WORK,
        smtpUrl: sink.url,
        notifyEmail: AGENCY,
        inboxEmails: [OWNER],
        codeRules: RELAXED_LIMITS,
        // All three poll often, so they race for every reply.
        deliveryPollMs: 20,
      });
    for (let i = 0; i < 3; i++) servers.push(await start());
    cleanup = async () => {
      for (const server of servers) await server.close();
      await sink.down();
      await database.drop();
      remove();
    };
  });
  afterAll(() => cleanup?.());

  it('sends each of 12 replies to 4 leads once, threaded in order', async () => {
    const [first] = servers as [RunningServer];
    const member = inboxClient(first.url);
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

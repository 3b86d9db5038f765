import { expect, it, onTestFinished } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { startOutboxWorker, type LeadSender } from '../../server/leads/delivery/outbox-worker.ts';
import { insertAsAnon } from './support/as-anon.ts';
import {
  describeOnEmbedded,
  openFreshBackend,
  submissionsJson,
  type Backend,
} from './support/backends.ts';
import { until } from '../support/until.ts';
import { VALID } from '../support/requests.ts';

/**
 * A lead the relay keeps refusing is given up after a
 * bounded number of attempts and listed by `submissions outbox`; a flood of
 * leads cannot send more than the hourly cap, and the rest go out once it allows.
 */

async function withLeads(kind: Backend['kind'], names: string[]) {
  const { backend, db } = await openFreshBackend(kind);
  for (const name of names) await insertAsAnon(db, { ...VALID, name });
  return { backend, db };
}

function worker(
  db: Database,
  mailer: LeadSender,
  limits: { maxAttempts?: number; maxPerHour?: number },
) {
  const logs: string[] = [];
  const log = { info: (text: string) => logs.push(text), warn: (text: string) => logs.push(text) };
  const running = startOutboxWorker({
    database: db,
    mailer,
    log,
    pollMs: 20,
    retryBaseMs: 1,
    ...limits,
  });
  onTestFinished(() => running.stop());
  return { running, logs };
}

const cli = (args: string[], backend: Backend) =>
  submissionsJson<Record<string, unknown>[]>(args, backend);

describeOnEmbedded('the outbox limits', (kind) => {
  it('gives up a lead after the last attempt, says so, and lists it as failed', async () => {
    const { backend, db } = await withLeads(kind, ['Refused']);
    let tries = 0;
    const refusing: LeadSender = {
      send: async () => {
        tries++;
        throw new Error('550 mailbox unavailable');
      },
      sendSummary: async () => {},
    };
    const { running, logs } = worker(db, refusing, { maxAttempts: 3 });
    await until(
      async () =>
        (await db.query('select 1 from lead_outbox where failed_at is not null')).length === 1,
      20_000,
      'the lead to be given up',
    );
    // Rounds go on; a round that finds nothing due proves the lead is no longer tried.
    await running.drained();
    await running.stop();
    expect(tries).toBe(3);
    expect(logs.some((line) => line.includes('attempt 3 of 3') && line.includes('Given up'))).toBe(
      true,
    );

    await db.close(); // The embedded database admits one process: the CLI's turn.
    const [entry] = await cli(['outbox'], backend);
    expect(entry).toMatchObject({
      delivery: 'failed',
      attempts: 3,
      next_attempt_at: null,
      last_error: '550 mailbox unavailable',
    });
    const [exported] = await cli(['export'], backend);
    expect(exported?.delivery).toBe('failed');
  });

  it('sends no more than the hourly cap one by one, and the rest together in one summary', async () => {
    const { db } = await withLeads(kind, ['One', 'Two', 'Three', 'Four']);
    const sent: string[] = [];
    const summaries: string[][] = [];
    const { logs } = worker(
      db,
      {
        send: async (lead) => void sent.push(lead.name),
        sendSummary: async (summary) => void summaries.push(summary.leads.map((l) => l.name)),
      },
      { maxPerHour: 2 },
    );
    await until(() => summaries.length === 1, 20_000, 'the summary of what the cap held');
    expect(logs.some((line) => line.includes('paused'))).toBe(true);
    expect(sent).toEqual(['One', 'Two']);
    expect(summaries).toEqual([['Three', 'Four']]);
    expect(await db.query('select 1 from lead_outbox where sent_at is null')).toHaveLength(0);
  });

  it('keeps to the cap between workers sharing the database, sends in flight included', async () => {
    const { backend, db } = await withLeads(
      kind,
      Array.from({ length: 8 }, (_, i) => `Lead ${i}`),
    );
    // On PostgreSQL the second worker has its own connections, as another instance would.
    const other = kind === 'postgres' ? await openDatabase(backend.options) : db;
    if (other !== db) onTestFinished(() => other.close());
    const sent: string[] = [];
    const summarised: string[] = [];
    // Sends that take a moment, so one worker's email is on its way while the other looks.
    const slow: LeadSender = {
      send: async (lead) => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        sent.push(lead.name);
      },
      sendSummary: async (summary) => void summarised.push(...summary.leads.map((l) => l.name)),
    };
    const first = worker(db, slow, { maxPerHour: 3 });
    const second = worker(other, slow, { maxPerHour: 3 });
    for (const { logs } of [first, second]) {
      await until(() => logs.some((line) => line.includes('paused')), 20_000, 'the cap to hold');
    }
    await until(() => summarised.length === 5, 20_000, 'the rest to go out in one summary');
    await Promise.all([first.running.drained(), second.running.drained()]);
    expect(sent).toHaveLength(3);
    // One summary between the two workers: the interval is the default five minutes.
    expect(summarised).toHaveLength(5);
    expect(new Set([...sent, ...summarised]).size).toBe(8);
  });
});

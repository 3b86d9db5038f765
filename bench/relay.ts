/**
 * The two relay cases of docs/email-delivery.md, measured on the embedded
 * database with lead email on (a local SMTP sink), the summary interval
 * shortened to `--interval` ms and the figures also given at the default
 * interval (5 minutes):
 *
 *  - poisoned: the hourly cap is full (2 here), then one lead whose text the
 *    relay refuses with 554 (the GTUBE string), then a real lead. Prints what
 *    became of the real lead, after how many summary rounds, and the poisoned
 *    lead's attempts.
 *  - flood: `--flood` verified leads wait behind a full cap (1 here), then a
 *    real lead. Prints in which summary round the real lead went out.
 *
 *   node --import tsx bench/relay.ts [--interval 500] [--flood 2000] [--rounds 35]
 *
 * A benchmark that prints figures, not a test. Loopback only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Database } from '../server/db/database.ts';
import { openDatabase } from '../server/db/open-database.ts';
import { startLeadDelivery } from '../server/leads/delivery/lead-delivery.ts';
import { SUMMARY_INTERVAL_MS } from '../server/leads/delivery/outbox-worker.ts';
import { SmtpSink } from '../tests/support/smtp-sink.ts';

const { values } = parseArgs({
  options: {
    interval: { type: 'string', default: '500' },
    flood: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '35' },
  },
});
const INTERVAL_MS = Number(values.interval);
const FLOOD = Number(values.flood);
/** Gives up watching after this many summary rounds (the old code gave up a lead after 30). */
const MAX_ROUNDS = Number(values.rounds);
const GTUBE = 'XJS*C4JS*C4J*C4TZ*C4J*CJ*C4JS*C4J*C4TZ*C4J*CJ*C4JS*C4J*C4TZ*C4J*CJ*C4JS';

const insert = (db: Database, name: string, message: string, count = 1) =>
  db.query(
    `insert into contact_submissions (name, email, message)
     select $1 || ' ' || i, 'bench@example.com', $2 from generate_series(1, $3::integer) as i`,
    [name, message, count],
  );

async function state(db: Database, name: string) {
  const [row] = await db.query(
    `select o.sent_at is not null as sent, o.failed_at is not null as failed, o.attempts,
            (select count(*)::integer from lead_summaries) as rounds
     from lead_outbox o join contact_submissions s on s.id = o.submission_id where s.name = $1`,
    [name],
  );
  return row as { sent: boolean; failed: boolean; attempts: number; rounds: number };
}

async function scenario(
  label: string,
  maxPerHour: number,
  fill: (db: Database) => Promise<unknown>,
  refuse?: string,
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-relay-'));
  const db = await openDatabase({ dataDir });
  const sink = await SmtpSink.start();
  sink.refuseText = refuse;
  try {
    await fill(db);
    await insert(db, 'Real', 'A real enquiry');
    const started = performance.now();
    const delivery = await startLeadDelivery(
      db,
      { info: () => {}, warn: () => {} },
      {
        smtpUrl: sink.url,
        notifyEmail: 'leads@agency.example',
        deliveryPollMs: 20,
        maxPerHour,
        summaryIntervalMs: INTERVAL_MS,
      },
    );
    let real = await state(db, 'Real 1');
    while (!real.sent && !real.failed && real.rounds <= MAX_ROUNDS) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      real = await state(db, 'Real 1');
    }
    const seconds = (performance.now() - started) / 1000;
    await delivery.stop();
    const poisoned = refuse ? await state(db, 'Poisoned 1') : undefined;
    const outcome = real.sent ? 'emailed' : real.failed ? 'given up' : 'still waiting';
    // The first round goes at once; each later one waits out an interval.
    const atDefault = ((real.rounds - 1) * SUMMARY_INTERVAL_MS) / 60_000;
    console.log(
      `${label}: real lead ${outcome} (attempts ${real.attempts}) in summary round ` +
        `${real.rounds}, ${seconds.toFixed(1)} s at a ${INTERVAL_MS} ms interval, ` +
        `${atDefault} min after the first summary at the default; ${sink.received.length} email(s) accepted, ` +
        `${sink.refused} refused` +
        (poisoned
          ? `; poisoned lead ${poisoned.failed ? 'given up' : 'pending'} after ${poisoned.attempts} attempt(s)`
          : ''),
    );
  } finally {
    await sink.down();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await scenario(
  'poisoned relay',
  2,
  async (db) => {
    await insert(db, 'Early', 'Fills the cap', 2);
    await insert(db, 'Poisoned', GTUBE);
  },
  GTUBE,
);
await scenario(`${FLOOD} verified leads waiting`, 1, (db) =>
  insert(db, 'Flood', 'A flood lead', FLOOD),
);

/**
 * The lead-delivery worker alone, no HTTP: `npm run worker` (always on) or
 * `npm run worker -- --once` (drain what is due, then exit 0; for a scheduled
 * run). For deployments where no server of ours takes submissions (a static
 * site posting to hosted Supabase): it emails the leads in DATABASE_URL's
 * outbox, posts them to the webhook, and sends the replies members write in the inbox
 * (server/leads/delivery/reply-loop.ts), with the same variables as the server. Several workers, and
 * servers, may share one database: a lead is leased to one of them at a time
 * (server/leads/delivery/outbox-worker.ts). SIGTERM or SIGINT lets a send in
 * progress finish and be recorded, closes the database and exits 0.
 *
 * It also runs the retention purge (server/leads/retention-purge.ts), so submissions
 * are deleted on time where no server of ours runs; without SMTP_URL and
 * NOTIFY_EMAIL that is all it does.
 */
import { parseArgs } from 'node:util';
import { readConfig } from './settings/read-settings.ts';
import { databaseLocation, openDatabase } from './db/open-database.ts';
import { watchForOutage } from './db/outage-watch.ts';
import { LEASE_MS } from './leads/delivery/outbox-claim.ts';
import { startLeadDelivery } from './leads/delivery/lead-delivery.ts';
import { startRetentionPurge } from './leads/retention-purge.ts';
import { startClocksFor } from './leads/clocks/start-clocks.ts';
import { startPush } from './leads/push/start-push.ts';
import { stopOnSignals } from './stop-signals.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = parseArgs({ options: { once: { type: 'boolean', default: false } } });
const config = readConfig();

const log = {
  info: (text: string) => console.log(text),
  warn: (text: string) => console.warn(text),
};
const opened = await openDatabase({ ...config, serving: true }).catch((error: unknown) =>
  fail(
    `The worker could not open the ${databaseLocation(config)}: ` +
      `${error instanceof Error ? error.message : error}`,
  ),
);
const { database, lost } = watchForOutage(opened);
const delivery = await startLeadDelivery(database, log, config).catch((error: unknown) =>
  fail(`The worker could not start: ${error instanceof Error ? error.message : error}`),
);
const push = await startPush(database, log, config).catch((error: unknown) =>
  fail(`The worker could not start alerts: ${error instanceof Error ? error.message : error}`),
);
const retention = startRetentionPurge(database, log, config);
const clocks = startClocksFor(database, log, config);
console.log(`Lead worker (pid ${process.pid}) on the ${database.location}`);

let stopping: Promise<void> | undefined;
const stop = (why: string, code = 0) =>
  (stopping ??= (async () => {
    console.log(`${why}: finishing a send in progress, then closing the database…`);
    try {
      // All at once: none starts another round while the others finish theirs.
      await Promise.all([retention.stop(), clocks.stop(), push.stop(), delivery.stop()]);
      await database.close();
      console.log(code === 0 ? 'Stopped cleanly.' : 'Stopped.');
      process.exit(code);
    } catch (error) {
      console.error('Shutdown failed:', error);
      process.exit(1);
    }
  })());

stopOnSignals((signal) => void stop(signal));

// The worker's timers are unref'd (they never keep a server alive); this keeps the worker alive
// until it stops on purpose, never because its loops happen to be waiting on a timer.
setInterval(() => {}, 1 << 30);

if (values.once) {
  const due = Promise.all([
    delivery.drained(),
    push.drained(),
    retention.firstRun(),
    clocks.runOnce(),
  ]);
  // Its rounds would back off and try a lost database again for ever, and nothing would be
  // drained: a scheduled run ends there instead, and the next run takes over.
  const outage = await Promise.race([due.then(() => undefined), lost]);
  if (outage) {
    console.error(
      `The worker lost the ${database.location} mid-run (${outage.message}), and stops ` +
        'with exit code 1. Nothing is marked sent that was not: the next run sends what is ' +
        `left, and a lead this run had claimed once its ${LEASE_MS / 60_000}-minute lease ends.`,
    );
    await stop('The database is unavailable', 1);
  }
  await stop('Nothing more is due');
}

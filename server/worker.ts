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
import { openDatabase } from './db/open-database.ts';
import { startLeadDelivery } from './leads/delivery/lead-delivery.ts';
import { startRetentionPurge } from './leads/retention-purge.ts';
import { startClocksFor } from './leads/clocks/start-clocks.ts';
import { startPush } from './leads/push/start-push.ts';

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
const database = await openDatabase({ ...config, serving: true }).catch((error: unknown) =>
  fail(`The worker could not open the database: ${error instanceof Error ? error.message : error}`),
);
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
const stop = (why: string) =>
  (stopping ??= (async () => {
    console.log(`${why}: finishing a send in progress, then closing the database…`);
    try {
      await retention.stop();
      await clocks.stop();
      await push.stop();
      await delivery.stop();
      await database.close();
      console.log('Stopped cleanly.');
      process.exit(0);
    } catch (error) {
      console.error('Shutdown failed:', error);
      process.exit(1);
    }
  })());

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stop(signal));

if (values.once) {
  await Promise.all([delivery.drained(), push.drained(), retention.firstRun(), clocks.runOnce()]);
  await stop('Nothing more is due');
} else {
  // The worker's timers are unref'd (they never keep a server alive); this keeps the worker alive.
  setInterval(() => {}, 1 << 30);
}

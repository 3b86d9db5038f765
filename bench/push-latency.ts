/**
 * The alert figures of docs/alerts.md, on each backend, against the local push service
 * (tests/support/push-service.ts: HTTPS on loopback, every message checked
 * and decrypted), with the push worker as the server runs it:
 *
 *  - one lead: from the insert's commit to the push accepted, p50 and p99
 *    over `--samples` leads, each to a fresh device (so the per-device pace
 *    of 10 a minute never collapses them);
 *  - behind a flood: `--flood` verified leads stored in one statement, then
 *    one more; from its insert to its own push, or the "waiting" push that
 *    counts it, accepted (the bound: 10 s, docs/alerts.md).
 *
 *   node --import tsx bench/push-latency.ts [--samples 50] [--flood 2000]
 *
 * A benchmark that prints figures, not a test. Loopback only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Database } from '../server/db/database.ts';
import { openDatabase } from '../server/db/open-database.ts';
import { PUSHES_PER_MINUTE } from '../server/leads/push/push-worker.ts';
import { startPush } from '../server/leads/push/start-push.ts';
import { LocalPushService, type ReceivedPush } from '../tests/support/push-service.ts';
import { until } from '../tests/support/until.ts';
import { withBenchPostgres } from './bench-postgres.ts';

const { values } = parseArgs({
  options: {
    samples: { type: 'string', default: '50' },
    flood: { type: 'string', default: '2000' },
  },
});
const SAMPLES = Number(values.samples);
const FLOOD = Number(values.flood);
const MEMBER = 'owner@agency.example';
const PATIENCE_MS = 60_000;
const quiet = { info: () => {}, warn: (text: string) => console.warn(text) };

/** A device subscribed with the stored VAPID key, as the inbox's page subscribes. */
async function addDevice(db: Database, service: LocalPushService): Promise<string> {
  const [key] = await db.query('select public_key from app_private.push_vapid_key');
  const device = service.subscribe(String(key!.public_key));
  const [row] = await db.query(
    `insert into public.push_devices (member, endpoint, browser) values ($1, $2, 'bench')
     returning id`,
    [MEMBER, device.endpoint],
  );
  await db.query(
    'insert into app_private.push_device_keys (device_id, p256dh, auth) values ($1, $2, $3)',
    [row!.id, device.keys.p256dh, device.keys.auth],
  );
  return device.id;
}

async function insertLead(db: Database, name: string): Promise<number> {
  const [row] = await db.query(
    `insert into public.contact_submissions (name, email, message) values ($1, 'v@example.com', 'Hi')
     returning id`,
    [name],
  );
  return Number(row!.id);
}

const waitFor = (what: string, probe: () => ReceivedPush | undefined) =>
  until(probe, PATIENCE_MS, what, (push) => push !== undefined).catch((error: Error) => {
    throw new Error(`${error.message}\n${JSON.stringify(lastSeen())}`);
  }) as Promise<ReceivedPush>;
let lastSeen: () => unknown = () => undefined;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function measure(label: string, db: Database): Promise<void> {
  const service = await LocalPushService.start();
  await db.query(
    'insert into app_private.inbox_members (email) values ($1) on conflict do nothing',
    [MEMBER],
  );
  const push = await startPush(db, quiet, {
    webPushHosts: [service.host],
    pushCa: service.ca,
    notifyEmail: 'agency@agency.example',
  });
  try {
    const latencies: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      await db.query('delete from public.push_devices');
      const device = await addDevice(db, service);
      const start = performance.now();
      const id = await insertLead(db, `Sample ${i}`);
      const got = await waitFor(`lead ${id}`, () =>
        service.pushesTo(device).find((p) => p.payload.leadId === id),
      );
      latencies.push(got.at - start);
    }
    latencies.sort((a, b) => a - b);
    console.log(
      `${label}: one lead, insert → push accepted over ${SAMPLES}: ` +
        `p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms`,
    );

    await db.query('delete from public.push_devices');
    const device = await addDevice(db, service);
    const floodStart = performance.now();
    await db.query(
      `insert into public.contact_submissions (name, email, message, verified)
       select 'Flood ' || i, 'f' || i || '@example.com', 'Hi', true
       from generate_series(1, $1::integer) as i`,
      [FLOOD],
    );
    const stored = performance.now();
    const id = await insertLead(db, 'Behind the flood');
    const counted = FLOOD + 1 - PUSHES_PER_MINUTE;
    lastSeen = () =>
      service.pushesTo(device).map((p) => [p.payload.kind, p.payload.leadId ?? p.payload.count]);
    const got = await waitFor(`its push, or a waiting push counting it`, () =>
      service
        .pushesTo(device)
        .find(
          (p) =>
            p.payload.leadId === id ||
            (p.payload.kind === 'waiting' && Number(p.payload.count) >= counted),
        ),
    );
    const pushes = service.pushesTo(device).length;
    console.log(
      `${label}: behind ${FLOOD} verified leads (stored in ${(stored - floodStart).toFixed(0)} ms): ` +
        `its ${got.payload.kind === 'waiting' ? `waiting push (count ${String(got.payload.count)})` : 'own push'} ` +
        `accepted ${(got.at - stored).toFixed(0)} ms after its insert; ${pushes} pushes to the device so far`,
    );
    if (service.problems.length > 0) console.log(`problems: ${service.problems.join('; ')}`);
  } finally {
    await push.stop();
    await service.close();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'push-bench-'));
try {
  const embedded = await openDatabase({ dataDir });
  await measure('embedded', embedded).finally(() => embedded.close());
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
await withBenchPostgres(async (url) => {
  const db = await openDatabase({ dataDir: '', databaseUrl: url });
  await measure('postgres', db).finally(() => db.close());
});

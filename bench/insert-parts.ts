/**
 * The parts of a lead's insert that bench/compare-insert.ts can switch off,
 * one at a time, in a run's throwaway database (`--parts`): what each costs
 * is the rate with it beside the rate without it, measured side by side.
 * Bench-only: nothing here reaches a database a visitor writes to.
 */
import type { Database } from '../server/db/database.ts';

/** A part of the insert: an AFTER/BEFORE INSERT trigger, or a worker of the server's. */
const PARTS = {
  realtime: 'contact_submissions_realtime',
  push: 'contact_submissions_queue_push',
  outbox: 'contact_submissions_enqueue_lead_delivery',
  spam: 'contact_submissions_score_spam',
  clocks: 'the clocks worker (its first round only, on the empty database)',
} as const;

export type Part = keyof typeof PARTS;

/** Told to bench/submissions-server.ts: the parts it leaves out of the server it starts. */
export const WITHOUT_ENV = 'BENCH_WITHOUT';

/** The agency's phones with alerts on: each real lead queues one push per device. */
const MEMBER = 'bench.member@example.co.uk';

export function parseParts(list: string): Part[] {
  const parts = list.split(/[+,]/).filter(Boolean);
  for (const part of parts) {
    if (!(part in PARTS)) {
      throw new Error(`Unknown part "${part}": one of ${Object.keys(PARTS).join(', ')}`);
    }
  }
  return parts as Part[];
}

/**
 * Readies a migrated database for a run: `devices` push devices (where the
 * commit has them at all) and the triggers of `without` disabled, as the
 * owner, before the server or the raw driver writes a lead.
 */
export async function prepareDatabase(db: Database, devices: number, without: readonly Part[]) {
  const [{ has_devices } = {}] = await db.query(
    `select to_regclass('public.push_devices') is not null as has_devices`,
  );
  if (devices > 0 && has_devices) {
    await db.query(`insert into app_private.inbox_members (email) values ($1)`, [MEMBER]);
    await db.query(
      `insert into public.push_devices (member, endpoint, browser)
       select $1, 'https://push.example/bench-' || n, 'Chrome on Android'
       from generate_series(1, $2::integer) as n`,
      [MEMBER, devices],
    );
  }
  for (const part of without) {
    if (part === 'clocks') continue;
    await db.query(`alter table public.contact_submissions disable trigger ${PARTS[part]}`);
  }
}

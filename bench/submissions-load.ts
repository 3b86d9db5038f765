import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import type { ProofPool } from './proof-pool.ts';

export interface LoadResult {
  acknowledged: number;
  /** Every answer but 201; a request that got no answer at all counts under "no answer". */
  failed: number;
  failures: Record<string, number>;
  /** Every answer by status, 201 included ("no answer" for none): printed, so no refusal passes unseen. */
  statuses: Record<string, number>;
  seconds: number;
  /** The proof pool ran out before the time was up, so the run ended early (its rate still holds). */
  proofsRanOut: boolean;
  latenciesMs: number[];
}

export interface LoadOptions {
  /** Starts each visitor's name, so each phase's rows can be told apart afterwards. */
  label?: string;
  /**
   * Each client posts from its own loopback address (127.0.0.2, 127.0.0.3, …),
   * as separate visitors would, so a per-address rate limit sees many of them.
   */
  ownAddresses?: boolean;
  /** Each client waits this long between its submissions (0: none; a flood). */
  pauseMs?: number;
  /** Checked before each request: true ends that client's loop early. */
  stop?: () => boolean;
  /** Told the name of each acknowledged submission. */
  onAcknowledged?: (name: string) => void;
  /**
   * Proofs solved before the run (bench/proof-pool.ts), one per post. Without
   * it, posts carry no proof and the database refuses them (400): only a
   * benchmark of refusals should do that.
   */
  proofs?: ProofPool;
  /**
   * Posts as the page does (src/features/contact/submit-contact.ts): a fresh
   * submission_key per lead, `?on_conflict=submission_key` and
   * `Prefer: resolution=ignore-duplicates`, so the server takes the path of
   * free repeats and the key's conflict clause.
   */
  asPage?: boolean;
}

let serial = 0;

/** Words a visitor might write, so that no two benchmark leads are the same text. */
const WORDS = (
  'bakery florist plumber dentist garage studio salon cafe gym clinic shop farm ' +
  'booking orders quote gallery menu reviews chatbot invoices calendar newsletter map blog ' +
  'slow broken old mobile cheap urgent simple modern local friendly busy quiet'
).split(' ');

/**
 * Words in each message (BENCH_MESSAGE_WORDS, default 16), all but eight
 * drawn. A real enquiry of the spam corpus has 51 at the median
 * (tests/support/spam-corpus.ts), and the spam score's cost grows with its
 * words, so docs/spam.md gives its figures at both lengths.
 */
const DRAWN_WORDS = Math.max(1, Number(process.env.BENCH_MESSAGE_WORDS ?? 16) - 8);

/** Words of WORDS drawn for n (mulberry32 seeded with n): distinct leads share few three-word runs. */
function wordsOf(n: number): string {
  let state = n >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  return Array.from({ length: DRAWN_WORDS }, () => WORDS[Math.floor(next() * WORDS.length)]!).join(
    ' ',
  );
}

/**
 * Unique per request, so "stored" can be counted exactly, and a different
 * text each time (not only another number): the database's spam score holds
 * the same text from many senders as a blast.
 */
export function uniqueSubmission(label = 'Bench Visitor') {
  const n = serial++;
  return {
    name: `${label} ${n}`,
    email: `bench.${n}@example.com`,
    message: `Benchmark message ${n}: ${wordsOf(n)}, and our website is slow.`,
  };
}

/** 127.0.0.2 onwards: every address in 127.0.0.0/8 is this machine's loopback. */
export function loopbackAddress(i: number): string {
  const n = i + 2;
  return `127.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** What postgrest-js's upsert with ignoreDuplicates sends, as the page's client does. */
const PAGE_PREFER = 'resolution=ignore-duplicates,return=minimal';

function post(agent: Agent, url: URL, body: string, asPage: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        agent,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(asPage ? { prefer: PAGE_PREFER } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * `clients` keep-alive connections, each posting one submission after another
 * until `seconds` have passed (or `stop` says so).
 */
export async function postFor(
  baseUrl: string,
  clients: number,
  seconds: number,
  {
    label,
    ownAddresses = false,
    pauseMs = 0,
    stop = () => false,
    onAcknowledged,
    proofs,
    asPage = false,
  }: LoadOptions = {},
): Promise<LoadResult> {
  const url = new URL('/rest/v1/contact_submissions', baseUrl);
  if (asPage) url.searchParams.set('on_conflict', 'submission_key');
  const shared = new Agent({ keepAlive: true, maxSockets: clients });
  const agents = Array.from({ length: clients }, (_, i) =>
    ownAddresses
      ? new Agent({ keepAlive: true, maxSockets: 1, localAddress: loopbackAddress(i) })
      : shared,
  );
  const latenciesMs: number[] = [];
  const failures: Record<string, number> = {};
  const statuses: Record<string, number> = {};
  let acknowledged = 0;
  let failed = 0;
  let proofsRanOut = false;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const client = async (agent: Agent) => {
    while (performance.now() < deadline && !stop()) {
      const submission = uniqueSubmission(label);
      const proof = proofs?.take();
      if (proofs && proof === undefined) {
        proofsRanOut = true;
        break;
      }
      const row = asPage ? { ...submission, submission_key: randomUUID() } : submission;
      const body = JSON.stringify(proof === undefined ? row : { ...row, proof });
      const sent = performance.now();
      const status = await post(agent, url, body, asPage).catch(() => 0);
      const answer = status === 0 ? 'no answer' : String(status);
      statuses[answer] = (statuses[answer] ?? 0) + 1;
      if (status === 201) {
        acknowledged++;
        latenciesMs.push(performance.now() - sent);
        onAcknowledged?.(submission.name);
      } else {
        failed++;
        failures[answer] = (failures[answer] ?? 0) + 1;
      }
      if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  };
  await Promise.all(agents.map(client));
  for (const agent of new Set(agents)) agent.destroy();
  return {
    acknowledged,
    failed,
    failures,
    statuses,
    seconds: (performance.now() - started) / 1000,
    proofsRanOut,
    latenciesMs,
  };
}

/** "201×9120 400×3": every answer of a run, for the printout. */
export function describeStatuses(statuses: Record<string, number>): string {
  return Object.entries(statuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
}

/**
 * Fails the benchmark, loudly, when a run's answers include any but `allowed`
 * (201 by default), or when nothing was acknowledged: a figure made of
 * refusals must never be printed as a rate of submissions.
 */
export function expectAnswers(label: string, load: LoadResult, allowed = ['201']): void {
  const unexpected = Object.keys(load.statuses).filter((status) => !allowed.includes(status));
  if (unexpected.length > 0 || load.acknowledged === 0) {
    process.exitCode = 1;
    throw new Error(
      `${label}: answers ${describeStatuses(load.statuses) || 'none'}; ` +
        `expected only ${allowed.join(', ')} and at least one 201`,
    );
  }
}

/** `clients` concurrent loops running `work` for `seconds`; how many completed. */
export async function runFor(clients: number, seconds: number, work: () => Promise<unknown>) {
  let done = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      await work();
      done++;
    }
  };
  await Promise.all(Array.from({ length: clients }, loop));
  return done / ((performance.now() - started) / 1000);
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

import { Agent, request } from 'node:http';

export interface LoadResult {
  acknowledged: number;
  failed: number;
  seconds: number;
  latenciesMs: number[];
}

let serial = 0;
/** Unique per request, so "stored" can be counted exactly. */
export function uniqueSubmission() {
  const n = serial++;
  return {
    name: `Bench Visitor ${n}`,
    email: `bench.${n}@example.com`,
    message: `Benchmark message ${n}: our website is slow and we are losing customers.`,
  };
}

function post(agent: Agent, url: URL, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        agent,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
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

/** `clients` keep-alive connections, each posting one submission after another for `seconds`. */
export async function postFor(
  baseUrl: string,
  clients: number,
  seconds: number,
): Promise<LoadResult> {
  const url = new URL('/rest/v1/contact_submissions', baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const latenciesMs: number[] = [];
  let acknowledged = 0;
  let failed = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const client = async () => {
    while (performance.now() < deadline) {
      const sent = performance.now();
      const status = await post(agent, url, JSON.stringify(uniqueSubmission())).catch(() => 0);
      if (status === 201) {
        acknowledged++;
        latenciesMs.push(performance.now() - sent);
      } else {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  agent.destroy();
  return { acknowledged, failed, seconds: (performance.now() - started) / 1000, latenciesMs };
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

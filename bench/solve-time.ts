/**
 * How long a visitor's browser takes to solve the proof of work at the
 * database's default difficulty (supabase/migrations/20261124020000_proof_of_work.sql),
 * in headless Chromium, at full speed and with the CPU throttled 4x (a
 * stand-in for a mid-range phone). Fetch and solve, as the page's worker does.
 * Run after `npm run build`:  node --import tsx bench/solve-time.ts [runs]
 *
 * Chromium's CPU throttling (Emulation.setCPUThrottlingRate) slows the page's
 * main thread only, not a dedicated worker: measured here, 20,000 SHA-256
 * digests took ~140 ms in the worker at 1x and at 4x alike, against 143 and
 * 565 ms on the main thread. So the worker's figure is printed at full speed,
 * and the throttled figure comes from the same loop (the worker's batches of
 * 256 WebCrypto digests, copied below) run on the main thread, at 1x and 4x.
 * The secret number is uniform in [0, maxnumber), so a solve's time varies
 * from run to run by design; each line also gives the mean case, from the
 * hashes per second the runs measured.
 */
import { readdirSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { startServer } from '../server/start.ts';

const runs = Number(process.argv[2] ?? 10);
const workerFile = readdirSync('dist/assets').find((name) =>
  /^proof-of-work\.worker-.*\.js$/.test(name),
);
if (!workerFile) throw new Error('No worker in dist/assets: run `npm run build` first.');

/**
 * The worker's solve (src/features/contact/proof-of-work.worker.ts), fetch
 * included, run on the page's main thread where throttling applies. A string,
 * so the page runs it as written (no bundler helpers inside).
 */
const MAIN_THREAD_SOLVE = `async () => {
  const started = performance.now();
  const response = await fetch('/rest/v1/rpc/contact_challenge', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const { challenge, maxnumber, salt } = await response.json();
  const encoder = new TextEncoder();
  async function hex(text) {
    const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
    let out = '';
    for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
    return out;
  }
  for (let start = 0; start <= maxnumber; start += 256) {
    const numbers = Array.from({ length: Math.min(256, maxnumber - start + 1) }, (_, i) => start + i);
    const found = (await Promise.all(numbers.map((n) => hex(salt + n)))).indexOf(challenge);
    if (found !== -1) return { ms: performance.now() - started, hashes: start + found + 1 };
  }
  throw new Error('no solution');
}`;

const dataDir = mkdtempSync(join(tmpdir(), 'solve-time-'));
const server = await startServer({ port: 0, dataDir, distDir: 'dist', logger: false });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
});
try {
  const [{ max_number: maxNumber }] = (await server.query(
    'select max_number from app_private.proof_of_work',
  )) as [{ max_number: number }];
  console.log(`Default difficulty: maxnumber ${maxNumber}; ${runs} runs each`);
  for (const rate of [1, 4]) {
    const page = await browser.newPage();
    await page.goto(server.url);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    for (const where of rate === 1 ? (['worker', 'main'] as const) : (['main'] as const)) {
      const results: { ms: number; hashes: number }[] = [];
      for (let run = 0; run < runs; run++) {
        results.push(
          where === 'worker'
            ? await page.evaluate(async (url) => {
                const started = performance.now();
                const worker = new Worker(url, { type: 'module' });
                const answer = await new Promise<{ proof?: string }>((resolve) => {
                  worker.onmessage = (event) => resolve(event.data);
                  worker.postMessage({ url: '/rest/v1/rpc/contact_challenge', headers: {} });
                });
                worker.terminate();
                const { number } = JSON.parse(atob(answer.proof!)) as { number: number };
                return { ms: performance.now() - started, hashes: number + 1 };
              }, `/assets/${workerFile}`)
            : await page.evaluate<{ ms: number; hashes: number }>(`(${MAIN_THREAD_SOLVE})()`),
        );
      }
      const times = results.map((r) => r.ms).sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
      const perSecond =
        results.reduce((sum, r) => sum + r.hashes, 0) /
        (results.reduce((sum, r) => sum + r.ms, 0) / 1000);
      console.log(
        `CPU ${rate}x, ${where === 'worker' ? "the page's worker  " : 'main-thread copy   '}: ` +
          `median ${at(0.5).toFixed(0)} ms, p90 ${at(0.9).toFixed(0)} ms, ` +
          `min ${times[0]!.toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms; ` +
          `${Math.round(perSecond).toLocaleString('en-GB')} hashes/s, so ` +
          `${((maxNumber / 2 / perSecond) * 1000).toFixed(0)} ms on average and ` +
          `${((maxNumber / perSecond) * 1000).toFixed(0)} ms at worst`,
      );
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * How long a visitor's browser takes to solve the proof of work at the
 * database's default difficulty (supabase/migrations/20261124020000_proof_of_work.sql),
 * in headless Chromium, at full speed and with the CPU throttled 4x (a
 * stand-in for a mid-range phone). Fetch and solve, as the page's worker does.
 * Run after `npm run build`:  node --import tsx bench/solve-time.ts [runs]
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
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      times.push(
        await page.evaluate(async (url) => {
          const started = performance.now();
          const worker = new Worker(url, { type: 'module' });
          await new Promise((resolve) => {
            worker.onmessage = resolve;
            worker.postMessage({ url: '/rest/v1/rpc/contact_challenge', headers: {} });
          });
          worker.terminate();
          return performance.now() - started;
        }, `/assets/${workerFile}`),
      );
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    console.log(
      `CPU ${rate}x: median ${at(0.5).toFixed(0)} ms, p90 ${at(0.9).toFixed(0)} ms, ` +
        `min ${times[0]!.toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms`,
    );
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}

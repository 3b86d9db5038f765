/**
 * The live inbox's promise (docs/inbox.md, "Live"), on each backend: from a
 * lead's insert to its row on an open inbox's screen (Chromium, signed in,
 * "Live"), p50 and p99 over `--leads` leads. The moment on screen is taken
 * in the page (a MutationObserver), the insert's in this process; both read
 * the same clock.
 *
 *   node --import tsx bench/realtime-latency.ts [--leads 100]
 *
 * Needs `npm run build` (dist/). A benchmark that prints figures, not a test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { inboxCopy } from '../src/content/inbox.ts';
import { startServer } from '../server/start.ts';
import { emailedCode } from '../tests/support/inbox-server.ts';
import { TEST_PROOF_OF_WORK } from '../tests/support/proof.ts';
import { SmtpSink } from '../tests/support/smtp-sink.ts';
import { withBenchPostgres } from './bench-postgres.ts';

const { values } = parseArgs({ options: { leads: { type: 'string', default: '100' } } });
const LEADS = Number(values.leads);
const MEMBER = 'owner@agency.example';
/** Between leads: each is measured alone, not behind the one before. */
const GAP_MS = 300;
const sleep = (ms: number) => new Promise<void>((settle) => setTimeout(settle, ms));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function measure(label: string, options: { dataDir: string; databaseUrl?: string }) {
  const sink = await SmtpSink.start();
  const server = await startServer({
    ...options,
    port: 0,
    host: '127.0.0.1',
    distDir: resolve('dist'),
    proofOfWork: TEST_PROOF_OF_WORK,
    smtpUrl: sink.url,
    notifyEmail: 'agency@agency.example',
    inboxEmails: [MEMBER],
    logger: false,
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  try {
    const page = await browser.newPage({ baseURL: server.url });
    await page.goto('/inbox/');
    const copy = inboxCopy.signIn;
    await page.getByLabel(copy.email, { exact: true }).fill(MEMBER);
    await page.getByRole('button', { name: copy.sendCode }).click();
    await page.getByLabel(copy.code, { exact: true }).fill(await emailedCode(sink, MEMBER));
    await page.getByRole('button', { name: copy.signIn }).click();
    await page
      .getByRole('status')
      .filter({ hasText: inboxCopy.header.live.live })
      .waitFor({ timeout: 15_000 });
    // Records when each "Bench <n>" first shows, by the wall clock this process reads too.
    await page.evaluate(() => {
      const seen: Record<string, number> = {};
      (window as unknown as { seen: typeof seen }).seen = seen;
      new MutationObserver(() => {
        for (const match of document.body.innerText.matchAll(/Bench (\d+)\b/g)) {
          seen[match[1]!] ??= Date.now();
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    const latencies: number[] = [];
    for (let i = 0; i < LEADS; i++) {
      const inserted = Date.now();
      await server.query(
        `insert into public.contact_submissions (name, email, message) values ($1, 'b@example.com', $2)`,
        [`Bench ${i}`, `Hello from the bench ${i}`],
      );
      const shown = await page.waitForFunction(
        (n) => (window as unknown as { seen: Record<string, number> }).seen[n],
        String(i),
        { timeout: 70_000, polling: 10 },
      );
      latencies.push(Number(await shown.jsonValue()) - inserted);
      await sleep(GAP_MS);
    }
    latencies.sort((a, b) => a - b);
    console.log(
      `${label}: insert → lead on screen over ${LEADS}: p50 ${percentile(latencies, 50)} ms, ` +
        `p99 ${percentile(latencies, 99)} ms, max ${latencies.at(-1)} ms`,
    );
  } finally {
    await browser.close();
    await server.close();
    await sink.down();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'realtime-latency-'));
try {
  await measure('embedded', { dataDir });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
await withBenchPostgres((url) => measure('postgres', { dataDir: '', databaseUrl: url }));

/**
 * A first visit's requests and transferred bytes: the built page (dist/)
 * served by our server, loaded fresh (new context, empty cache) in headless
 * Chromium at 1280×800 and 375×667 and not scrolled, counted from the
 * DevTools protocol (encodedDataLength: bytes on the wire, headers included)
 * once the network has been quiet for a second after `load`, split by type.
 * Repeats `--runs` times and prints the median (min–max). A benchmark that
 * prints figures, not a test. Run `npm run build` first.
 *
 *   node --import tsx bench/first-visit.ts [--runs 3] [--dist dist]
 */
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { startServer } from '../server/start.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    dist: { type: 'string', default: 'dist' },
  },
});
const RUNS = Number(values.runs);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 667 },
];
const TYPES = ['document', 'script', 'css', 'image', 'font', 'other'] as const;
type Kind = (typeof TYPES)[number];
const KIND: Record<string, Kind> = {
  Document: 'document',
  Script: 'script',
  Stylesheet: 'css',
  Image: 'image',
  Font: 'font',
};
const QUIET_MS = 1_000;

type Tally = Record<Kind, { requests: number; bytes: number }>;

async function visit(url: string, viewport: { width: number; height: number }): Promise<Tally> {
  const browser = await chromium.launch({ executablePath: CHROME, args: ARGS });
  try {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const kinds = new Map<string, Kind>();
    const tally = Object.fromEntries(TYPES.map((t) => [t, { requests: 0, bytes: 0 }])) as Tally;
    let last = performance.now();
    cdp.on('Network.requestWillBeSent', (event) => {
      last = performance.now();
      kinds.set(event.requestId, KIND[event.type ?? ''] ?? 'other');
    });
    const finish = (requestId: string, bytes: number) => {
      last = performance.now();
      const kind = kinds.get(requestId) ?? 'other';
      tally[kind].requests++;
      tally[kind].bytes += bytes;
    };
    cdp.on('Network.loadingFinished', (e) => finish(e.requestId, e.encodedDataLength));
    cdp.on('Network.loadingFailed', (e) => finish(e.requestId, 0));
    await page.goto(url, { waitUntil: 'load' });
    while (performance.now() - last < QUIET_MS) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return tally;
  } finally {
    await browser.close();
  }
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const spread = (list: number[]) => `${Math.min(...list)}–${Math.max(...list)}`;

const dataDir = mkdtempSync(join(tmpdir(), 'bench-first-visit-'));
const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, distDir: values.dist });
try {
  console.log(`First visit, fresh and unscrolled: median of ${RUNS} (min–max); bytes on the wire`);
  for (const viewport of VIEWPORTS) {
    const runs: Tally[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await visit(`${server.url}/`, viewport));
    console.log(`\n${viewport.width}×${viewport.height}`);
    const row = (label: string, pick: (tally: Tally) => { requests: number; bytes: number }) => {
      const requests = runs.map((r) => pick(r).requests);
      const bytes = runs.map((r) => pick(r).bytes);
      console.log(
        `  ${label.padEnd(9)} ${String(median(requests)).padStart(3)} requests (${spread(requests)})  ` +
          `${(median(bytes) / 1024).toFixed(1).padStart(7)} KB (${spread(bytes.map((b) => Math.round(b / 1024)))} KB)`,
      );
    };
    for (const type of TYPES) row(type, (tally) => tally[type]);
    row('total', (tally) =>
      Object.values(tally).reduce(
        (sum, t) => ({ requests: sum.requests + t.requests, bytes: sum.bytes + t.bytes }),
        { requests: 0, bytes: 0 },
      ),
    );
  }
} finally {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}

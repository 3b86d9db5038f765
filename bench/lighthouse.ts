// Lighthouse (mobile, default simulated throttling) against the server's build,
// three runs for our page and three for the "floor": the same page with every
// script removed. Prints medians. Run: node --import tsx bench/lighthouse.ts
// (builds first unless --no-build). Uses /usr/bin/chromium or CHROME_PATH.
// LH_RUNS sets the number of runs; LH_SAVE=dir keeps every report's JSON there;
// LH_DIST=dir measures another build (e.g. main's, for a before and after) instead of dist/.
import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../server/start.ts';

const RUNS = Number(process.env.LH_RUNS ?? 3);
const DIST = process.env.LH_DIST ?? 'dist';
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** The target: the loader and islands add at most this much blocking time to the no-script page. */
const TBT_ABOVE_FLOOR_MS = 30;
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
];

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  cls: number;
  tbt: number;
  jsBytes: number;
  cssBytes: number;
  totalBytes: number;
  thirdParty: number;
  /** Lighthouse's measure of this machine's CPU: its 4x slowdown assumes a fast one (~1,500+). */
  benchmarkIndex: number;
  /** Blocking time by the source of each long task (approximate: see blockingBySource). */
  blockingDocument: number;
  blockingScript: number;
  blockingBrowser: number;
}

/**
 * Where the blocking time comes from, from Lighthouse's list of simulated long
 * tasks between first contentful paint and interactive, each counted past
 * 50 ms. An approximation: Lighthouse's own TBT blends two simulations.
 * The page's URL stands for parsing, style, layout and paint; a script's
 * URL for running it; "Unattributable" for the browser's own work. Style,
 * layout and paint that a script causes (hydration, reveals) count under the
 * page, so "scripts" is only the running of script, not all it costs.
 */
function blockingBySource(
  audits: Record<string, { numericValue?: number; details?: unknown }>,
  url: string,
) {
  const fcp = audits['first-contentful-paint']?.numericValue ?? 0;
  const tti = audits['interactive']?.numericValue ?? Infinity;
  const tasks =
    (
      audits['long-tasks']?.details as {
        items?: { url: string; startTime: number; duration: number }[];
      }
    )?.items ?? [];
  const sum = { blockingDocument: 0, blockingScript: 0, blockingBrowser: 0 };
  for (const task of tasks) {
    const blocking =
      Math.min(task.startTime + task.duration, tti) - Math.max(task.startTime, fcp) - 50;
    if (blocking <= 0) continue;
    if (task.url === url) sum.blockingDocument += blocking;
    else if (task.url.endsWith('.js')) sum.blockingScript += blocking;
    else sum.blockingBrowser += blocking;
  }
  return sum;
}

async function makeFloor(dist: string): Promise<string> {
  const floor = await mkdtemp(join(tmpdir(), 'floor-'));
  await cp(dist, floor, { recursive: true });
  const html = (await readFile(join(floor, 'index.html'), 'utf8'))
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '');
  await writeFile(join(floor, 'index.html'), html);
  await writeFile(join(floor, 'index.html.br'), brotliCompressSync(html));
  await writeFile(join(floor, 'index.html.gz'), gzipSync(html));
  return floor;
}

async function audit(url: string, port: number, label: string): Promise<Figures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error' });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (process.env.LH_SAVE) {
    await mkdir(process.env.LH_SAVE, { recursive: true });
    await writeFile(join(process.env.LH_SAVE, `${label}.json`), JSON.stringify(result.lhr));
  }
  const { categories, audits, runtimeError } = result.lhr;
  // A run Lighthouse could not finish (trace not recorded, no paint seen) has no
  // metrics: its NaNs would scramble the medians, so it is run again instead.
  if (runtimeError) throw new FailedRun(`${runtimeError.code}: ${runtimeError.message}`);
  const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
  const requests =
    (audits['network-requests']?.details as { items?: Record<string, unknown>[] })?.items ?? [];
  const bytes = (type: string) =>
    requests
      .filter((r) => r.resourceType === type)
      .reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0);
  const origin = new URL(url).origin;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    tbt: audits['total-blocking-time']?.numericValue ?? NaN,
    jsBytes: bytes('Script'),
    cssBytes: bytes('Stylesheet'),
    totalBytes: audits['total-byte-weight']?.numericValue ?? NaN,
    thirdParty: requests.filter((r) => !String(r.url).startsWith(origin)).length,
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
    ...blockingBySource(audits, url),
  };
}

class FailedRun extends Error {}
let failedRuns = 0;

/** Up to three attempts; each failure is printed, and counted in the summary. */
async function auditUntilDone(url: string, port: number, label: string): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, port, label);
    } catch (error) {
      if (!(error instanceof FailedRun) || attempt === 3) throw error;
      failedRuns++;
      console.warn(`  ${label}: Lighthouse could not finish (${error.message}); running it again`);
    }
  }
}

function median(runs: Figures[]): Figures {
  const pick = (key: keyof Figures) => {
    const sorted = runs.map((r) => r[key]).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  return Object.fromEntries(
    Object.keys(runs[0]!).map((k) => [k, pick(k as keyof Figures)]),
  ) as unknown as Figures;
}

if (!process.argv.includes('--no-build'))
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
const floorDist = await makeFloor(DIST);
const dataDir = await mkdtemp(join(tmpdir(), 'lh-data-'));
const site = await startServer({
  port: 0,
  dataDir: join(dataDir, 'site'),
  distDir: DIST,
  logger: false,
});
const floor = await startServer({
  port: 0,
  dataDir: join(dataDir, 'floor'),
  distDir: floorDist,
  logger: false,
});
const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS });

try {
  const ours: Figures[] = [];
  const floors: Figures[] = [];
  for (let i = 0; i < RUNS; i++) {
    ours.push(await auditUntilDone(`${site.url}/`, chrome.port, `ours-${i + 1}`));
    floors.push(await auditUntilDone(`${floor.url}/`, chrome.port, `floor-${i + 1}`));
  }
  const a = median(ours);
  const b = median(floors);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`\nLighthouse mobile, median of ${RUNS} runs (simulated throttling)`);
  console.log(
    `  Scores: performance ${a.performance}, accessibility ${a.accessibility}, best practices ${a.bestPractices}, SEO ${a.seo}`,
  );
  console.log(
    `  LCP ${a.lcp.toFixed(0)} ms; floor (no scripts) ${b.lcp.toFixed(0)} ms; ratio ${(a.lcp / b.lcp).toFixed(3)} (target ≤ 1.15)`,
  );
  console.log(
    `  CLS ${a.cls.toFixed(4)} (target < 0.01); TBT ${a.tbt.toFixed(0)} ms (target ≤ 50)`,
  );
  console.log(
    `  Transferred: JS ${kb(a.jsBytes)}, CSS ${kb(a.cssBytes)}, total ${kb(a.totalBytes)}; third-party requests ${a.thirdParty}`,
  );
  console.log(
    `  Floor scores: performance ${b.performance}, accessibility ${b.accessibility}, SEO ${b.seo}; ` +
      `floor TBT ${b.tbt.toFixed(0)} ms, CLS ${b.cls.toFixed(4)}`,
  );
  const sources = (f: Figures) =>
    `page parse/style/layout ${f.blockingDocument.toFixed(0)}, scripts ${f.blockingScript.toFixed(0)}, browser ${f.blockingBrowser.toFixed(0)}`;
  console.log(
    `  Blocking by source (ms, medians, approximate): ours: ${sources(a)}; floor: ${sources(b)}`,
  );
  // Blocking time swings with whatever else the machine is doing; the spread says how far.
  const perRun = (runs: Figures[]) => runs.map((r) => r.tbt.toFixed(0)).join(', ');
  console.log(`  TBT of each run (ms, in order): ours ${perRun(ours)}; floor ${perRun(floors)}`);
  // Each of our runs against the floor's run right after it, so a busy moment weighs on both.
  const above = ours.map((r, i) => r.tbt - floors[i]!.tbt).sort((x, y) => x - y);
  console.log(
    `  TBT above the floor: median ${above[Math.floor(above.length / 2)]!.toFixed(0)} ms of each run's pair ` +
      `(${above.map((d) => d.toFixed(0)).join(', ')}; target ≤ ${TBT_ABOVE_FLOOR_MS})`,
  );
  if (failedRuns) console.log(`  Runs Lighthouse could not finish and ran again: ${failedRuns}`);
  console.log(
    `  Machine: Lighthouse benchmark index ${median([...ours, ...floors]).benchmarkIndex.toFixed(0)} (median of all runs' own)`,
  );
} finally {
  await chrome.kill();
  await site.close();
  await floor.close();
  await rm(floorDist, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
}

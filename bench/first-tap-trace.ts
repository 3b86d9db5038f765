/**
 * Where a first tap's time goes: a Chromium trace (CDP Tracing) of the first tap
 * on the menu toggle (390×844, touch), the theme toggle (1280×800) or the theme
 * toggle inside the open menu (390×844, touch, a second after the menu's tap) at 4× CPU,
 * after the page has sat idle for 6 s, as bench/interaction.ts taps. Prints the
 * click's dispatch, every traced slice over 2 ms from the tap until 1.5 s after
 * it (style recalculations with their element count and the script that forced
 * them, layouts, paints, tasks), and the display compositor's draws of the frames
 * after it (where a filter is applied without a GPU), in ms from the click. A tool, not a test.
 * Playwright enables DevTools' Runtime domain, so react-dom's evaluation here includes a
 * V8.CollectSourcePositions no visitor has (docs/islands.md); bench/interaction.ts measures without it.
 *
 *   node --import tsx bench/first-tap-trace.ts [--dist dist] [--tap menu|theme|menu-theme]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { startServer } from '../server/start.ts';
import { navCopy } from '../src/content/navigation.ts';
import { HYDRATED_ATTRIBUTE } from '../src/lib/hydration-marker.ts';

const { values } = parseArgs({
  options: { dist: { type: 'string', default: 'dist' }, tap: { type: 'string', default: 'menu' } },
});
const CPU_SLOWDOWN = 4;
const IDLE_MS = 6_000;
/** How long after the click the trace runs: the island's hydration that follows is in it. */
const AFTER_MS = 3_000;
/** Slices shorter than this are left out: the list is for what a tap waits on. */
const SHOWN_OVER_US = 2_000;
const CATEGORIES = [
  'devtools.timeline',
  // The display compositor's draw: without a GPU it applies filters such as a backdrop blur on the
  // CPU, and the tap's frame is presented only after it (how the theme's frame was found waiting).
  'viz',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.stack',
  'v8.execute',
].join(',');

/** The display compositor's slices worth listing: a frame's draw, and its quads drawn on the CPU. */
const VIZ_SLICES = new Set(['DirectRenderer::DrawFrame', 'SoftwareRenderer::DoDrawQuad']);

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: {
    elementCount?: number;
    data?: Record<string, unknown>;
    beginData?: Record<string, unknown>;
  };
}
type StackFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };

/** The slice's detail: the event type, the element count of a restyle, the script that forced it. */
function detail(event: TraceEvent): string {
  const data = event.args?.data ?? event.args?.beginData ?? {};
  const stack = (data.stackTrace as StackFrame[] | undefined)
    ?.slice(0, 2)
    .map(
      (f) =>
        `${f.functionName || '(anonymous)'}@${f.url.split('/').pop()}:${f.lineNumber}:${f.columnNumber}`,
    );
  const parts = [
    data.type && `type ${String(data.type)}`,
    (event.args?.elementCount ?? data.elementCount) !== undefined &&
      `${String(event.args?.elementCount ?? data.elementCount)} elements`,
    data.dirtyObjects !== undefined &&
      `${String(data.dirtyObjects)}/${String(data.totalObjects)} objects`,
    data.functionName && `${String(data.functionName)}`,
    stack && `forced by ${stack.join(' < ')}`,
  ];
  return parts.filter(Boolean).join(', ');
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-tap-trace-'));
const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, distDir: values.dist });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const menu = values.tap === 'menu';
  const phone = menu || values.tap === 'menu-theme';
  const context = await browser.newContext(
    phone
      ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }
      : { viewport: { width: 1280, height: 800 } },
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(`${server.url}/`);
  await page.locator(`html[${HYDRATED_ATTRIBUTE}]`).waitFor({ state: 'attached', timeout: 60_000 });
  await page.waitForTimeout(IDLE_MS);
  if (values.tap === 'menu-theme') {
    await page.getByRole('button', { name: navCopy.openMenu }).first().tap();
    await page.locator(`[data-island="nav"][${HYDRATED_ATTRIBUTE}]`).waitFor({ state: 'attached' });
    await page.waitForTimeout(1_000);
  }

  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  if (menu) await page.getByRole('button', { name: navCopy.openMenu }).first().tap();
  else if (phone) await page.locator('#mobile-menu button[data-theme-choice]').tap();
  else await page.locator('button[data-theme-choice]').first().click();
  await page.waitForTimeout(AFTER_MS);
  await cdp.send('Tracing.end');
  await complete;

  const click = events.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click');
  if (!click) throw new Error('No click in the trace');
  const viz = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name')
      .filter((e) => (e.args as { name?: string } | undefined)?.name === 'VizCompositorThread')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const drawn = (e: TraceEvent) => viz.has(`${e.pid}:${e.tid}`) && VIZ_SLICES.has(e.name);
  const thread = events.filter(
    (e) =>
      ((e.pid === click.pid && e.tid === click.tid) || drawn(e)) &&
      e.ph === 'X' &&
      (e.dur ?? 0) > SHOWN_OVER_US &&
      e.ts >= click.ts - 100_000 &&
      e.ts < click.ts + AFTER_MS * 1_000,
  );
  console.log(
    `${values.tap} first tap at ${CPU_SLOWDOWN}× CPU (${values.dist}): ms from the click, ms long`,
  );
  for (const event of thread.sort((a, b) => a.ts - b.ts)) {
    const at = ((event.ts - click.ts) / 1_000).toFixed(1).padStart(8);
    const long = ((event.dur ?? 0) / 1_000).toFixed(1).padStart(7);
    const where = drawn(event) ? 'display compositor: ' : '';
    console.log(`${at} ${long}  ${where}${event.name}  ${detail(event)}`);
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}

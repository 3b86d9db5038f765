/**
 * What a phone feels at 4× CPU slowdown (Chromium's own throttling), on the
 * built page served by our server, fresh context each run:
 * - the first tap on the menu toggle (390×844, touch) and on the theme toggle
 *   (1280×800), after the page has loaded and sat idle for 6 s: Event Timing's
 *   duration of the tap (what INP counts), split as the click's input delay,
 *   its handlers' processing and the presentation of its frame, and the time
 *   from the tap to the frame that paints its answer (the menu shown, the theme changed),
 *   and the longest main-thread task from the tap until the nav island has hydrated (the
 *   Long Tasks API: what a second tap in that time would wait behind);
 * - scrolling to the contact form (390×844): the longest main-thread task from
 *   the scroll until the form answers (its island hydrated), by the Long Tasks API.
 * Each --dist is measured in turn within every run (alternated), so a busy
 * machine weighs on all alike. Prints the median and the worst of the runs. A
 * benchmark, not a test. --no-form leaves out the scroll to the form.
 *
 *   node --import tsx bench/interaction.ts [--runs 10] [--no-form] [--dist dist] [--dist other-dist]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { startServer } from '../server/start.ts';
import { navCopy } from '../src/content/navigation.ts';
import { themeCopy } from '../src/content/theme.ts';
import { HYDRATED_ATTRIBUTE } from '../src/lib/hydration-marker.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    'no-form': { type: 'boolean', default: false },
    dist: { type: 'string', multiple: true, default: ['dist'] },
  },
});
const RUNS = Number(values.runs);
const CPU_SLOWDOWN = 4;
/** The measurement: taps after the page had been idle this long. */
const IDLE_MS = 6_000;
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** Event Timing's entry, with the interaction it belongs to (not yet in TypeScript's DOM types). */
type EventEntry = PerformanceEventTiming & { interactionId: number };

interface Tap {
  /** Event Timing: the longest entry of the tap's interaction (pointerdown, pointerup, click). */
  eventTiming: number;
  /** The click's entry: from the tap to its first handler (the main thread was busy). */
  inputDelay: number;
  /** The click's entry: its handlers, the loader's answer among them. */
  processing: number;
  /** The click's entry: from its handlers' end to the frame presented (style, layout, paint). */
  presentation: number;
  /** From the tap's timestamp to the animation frame that paints its answer. */
  toAnswer: number;
  /**
   * The longest main-thread task from the tap until its island has hydrated
   * (Long Tasks API): what a second tap in that time would wait behind.
   */
  longestAfter: number;
}

/** The tapped controls' island, whose hydration follows the first tap. */
const NAV_HYDRATED = `[data-island="nav"][${HYDRATED_ATTRIBUTE}]`;

/** Runs in the page before any script: records Event Timing entries and long tasks. */
function recordTimings() {
  const w = window as unknown as { events: EventEntry[]; longTasks: PerformanceEntry[] };
  w.events = [];
  w.longTasks = [];
  new PerformanceObserver((list) => {
    w.events.push(...(list.getEntries() as EventEntry[]));
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  new PerformanceObserver((list) => w.longTasks.push(...list.getEntries())).observe({
    type: 'longtask',
    buffered: true,
  });
}

/** In the page: resolves with performance.now() at the frame after `answered()` turns true. */
function answerFrame(answered: string): Promise<number> {
  const check = new Function(`return (${answered})`) as () => boolean;
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!check()) return;
      observer.disconnect();
      requestAnimationFrame(() => resolve(performance.now()));
    });
    observer.observe(document.documentElement, { attributes: true, subtree: true });
  });
}

async function open(browser: Browser, url: string, options: typeof PHONE | typeof DESKTOP) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.addInitScript(recordTimings);
  await page.goto(url);
  await page.locator(`html[${HYDRATED_ATTRIBUTE}]`).waitFor({ state: 'attached', timeout: 60_000 });
  await page.waitForTimeout(IDLE_MS);
  return page;
}

async function tap(page: Page, name: RegExp | string, answered: string, touch: boolean) {
  const frame = page.evaluate(answerFrame, answered);
  const button = page.getByRole('button', { name }).first();
  await button.waitFor();
  // Only for a tap Event Timing leaves unreported: when the tap was sent, as the page counts.
  const tappedAt = await page.evaluate(() => performance.now());
  if (touch) await button.tap();
  else await button.click();
  const painted = await frame;
  // Event Timing reports an interaction once its frame is presented: wait for the click's entry.
  // It reports none under its 16 ms threshold, so a tap with no entry after 2 s took under 16 ms.
  await page
    .waitForFunction(
      () =>
        (window as unknown as { events: EventEntry[] }).events.some(
          (e) => e.name === 'click' && e.interactionId > 0,
        ),
      undefined,
      { timeout: 2_000 },
    )
    .catch(() => undefined);
  // The hydration that follows the tap; the whole-page build was hydrated before it.
  await page
    .locator(`${NAV_HYDRATED}, html:not(:has([data-island]))`)
    .first()
    .waitFor({ state: 'attached', timeout: 30_000 });
  // Long tasks are reported after they end; give the last one a frame to arrive.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100))));
  return page.evaluate(
    ({ paintedAt, tappedAt }): Tap => {
      const longestAfter = Math.max(
        0,
        ...(window as unknown as { longTasks: PerformanceEntry[] }).longTasks
          .filter((task) => task.startTime + task.duration >= tappedAt)
          .map((task) => task.duration),
      );
      const events = (window as unknown as { events: EventEntry[] }).events.filter(
        (e) => e.interactionId > 0,
      );
      const click = events.find((e) => e.name === 'click');
      if (events.length === 0 || !click) {
        const none = { inputDelay: 0, processing: 0, presentation: 0 };
        return { eventTiming: 16, ...none, toAnswer: paintedAt - tappedAt, longestAfter };
      }
      const first = Math.min(...events.map((e) => e.startTime));
      return {
        eventTiming: Math.max(...events.map((e) => e.duration)),
        inputDelay: click.processingStart - click.startTime,
        processing: click.processingEnd - click.processingStart,
        presentation: click.startTime + click.duration - click.processingEnd,
        toAnswer: paintedAt - first,
        longestAfter,
      };
    },
    { paintedAt: painted, tappedAt },
  );
}

async function menuTap(browser: Browser, url: string): Promise<Tap> {
  const page = await open(browser, url, PHONE);
  // The menu is a dialog in the HTML: shown once it is open, whether the loader or React opened it.
  const answered = `document.getElementById('mobile-menu')?.open === true`;
  const result = await tap(page, navCopy.openMenu, answered, true);
  await page.context().close();
  return result;
}

async function themeTap(browser: Browser, url: string): Promise<Tap> {
  const page = await open(browser, url, DESKTOP);
  const answered = `document.documentElement.dataset.themeChoice !== 'system'`;
  const result = await tap(page, new RegExp(`^${themeCopy.changed('').trim()}`), answered, false);
  await page.context().close();
  return result;
}

/** The longest task from a scroll to the form until the form has hydrated (or 5 s). */
async function formOnScroll(browser: Browser, url: string): Promise<number> {
  const page = await open(browser, url, PHONE);
  const since = await page.evaluate(() => {
    const start = performance.now();
    document.getElementById('contact')!.scrollIntoView({ behavior: 'instant' });
    return start;
  });
  // The islands' form marks itself; the whole-page build was hydrated before the scroll.
  await page
    .locator(`[data-island="contact-form"][${HYDRATED_ATTRIBUTE}], html:not(:has([data-island]))`)
    .first()
    .waitFor({ state: 'attached', timeout: 30_000 });
  // Long tasks are reported after they end; give the last one a frame to arrive.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100))));
  const longest = await page.evaluate(
    (start) =>
      Math.max(
        0,
        ...(window as unknown as { longTasks: PerformanceEntry[] }).longTasks
          .filter((task) => task.startTime + task.duration >= start)
          .map((task) => task.duration),
      ),
    since,
  );
  await page.context().close();
  return longest;
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const figure = (list: number[]) =>
  `${median(list).toFixed(0)} ms (worst ${Math.max(...list).toFixed(0)})`;
/** A tap's figures: its duration, the click's three parts, and the time to its answer. */
const tapFigures = (taps: Tap[], answer: string) =>
  [
    `Event Timing ${figure(taps.map((t) => t.eventTiming))}`,
    `input delay ${figure(taps.map((t) => t.inputDelay))}`,
    `processing ${figure(taps.map((t) => t.processing))}`,
    `presentation ${figure(taps.map((t) => t.presentation))}`,
    `to ${answer} ${figure(taps.map((t) => t.toAnswer))}`,
    `longest task until the island hydrated ${figure(taps.map((t) => t.longestAfter))}`,
  ].join('\n    ');

const dataDir = mkdtempSync(join(tmpdir(), 'bench-interaction-'));
const servers = await Promise.all(
  values.dist.map((distDir, i) =>
    startServer({ port: 0, host: '127.0.0.1', dataDir: join(dataDir, String(i)), distDir }),
  ),
);
const browser = await chromium.launch({ executablePath: CHROME, args: ARGS });
type Runs = { menu: Tap[]; theme: Tap[]; form: number[] };
const results: Runs[] = values.dist.map(() => ({ menu: [], theme: [], form: [] }));
try {
  for (let run = 0; run < RUNS; run++) {
    for (const [i, server] of servers.entries()) {
      results[i]!.menu.push(await menuTap(browser, `${server.url}/`));
      results[i]!.theme.push(await themeTap(browser, `${server.url}/`));
      if (!values['no-form']) results[i]!.form.push(await formOnScroll(browser, `${server.url}/`));
    }
  }
  console.log(`Chromium at ${CPU_SLOWDOWN}× CPU, median of ${RUNS} runs (worst), alternated`);
  for (const [i, dist] of values.dist.entries()) {
    const r = results[i]!;
    console.log(`\n${dist}`);
    console.log(`  menu toggle, first tap:\n    ${tapFigures(r.menu, 'the menu shown')}`);
    console.log(`  theme toggle, first tap:\n    ${tapFigures(r.theme, 'the theme shown')}`);
    if (r.form.length > 0) {
      console.log(`  scroll to the form until it answers: longest task ${figure(r.form)}`);
    }
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((server) => server.close()));
  rmSync(dataDir, { recursive: true, force: true });
}

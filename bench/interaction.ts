/**
 * What a phone feels at 4× CPU slowdown (Chromium's own throttling), on the
 * built page served by our server, a fresh page each run, in a Chromium with no
 * DevTools domain enabled that would slow the page (bench/support/bare-chromium.ts):
 * - the first tap on the menu toggle (390×844, touch), on the theme toggle
 *   (1280×800), and on the theme toggle inside the open menu (390×844, touch: how a
 *   phone reaches it, a second after the menu's tap), after the page has loaded and
 *   sat idle for 6 s: Event Timing's
 *   duration of the tap (what INP counts), split as the click's input delay,
 *   its handlers' processing and the presentation of its frame, and the time
 *   from the tap to the frame that paints its answer (the menu shown, the theme changed),
 *   the tap's own task (its handlers and the frame they style), and the longest
 *   main-thread task after it until the nav island has hydrated (the Long Tasks
 *   API: what a second tap in that time would wait behind);
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
import { startServer } from '../server/start.ts';
import { HYDRATED_ATTRIBUTE } from '../src/lib/hydration-marker.ts';
import {
  launchBareChromium,
  type BareChromium,
  type BarePage,
  type Device,
} from './support/bare-chromium.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    'no-form': { type: 'boolean', default: false },
    dist: { type: 'string', multiple: true, default: ['dist'] },
  },
});
const RUNS = Number(values.runs);
const CPU_SLOWDOWN = 4;
/** Each first tap comes after the page has been idle this long, as a visitor's after reading. */
const IDLE_MS = 6_000;
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const PHONE: Device = { width: 390, height: 844, touch: true };
const DESKTOP: Device = { width: 1280, height: 800, touch: false };
/** The first of each in the page: the nav's own (the mobile menu has a second theme toggle). */
const MENU_TOGGLE = 'button[aria-controls="mobile-menu"]';
const THEME_TOGGLE = 'button[data-theme-choice]';
const MENU_THEME_TOGGLE = '#mobile-menu button[data-theme-choice]';
/** A visitor reads the open menu before tapping in it; the nav has hydrated by then. */
const MENU_READ_MS = 1_000;

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
  /** The main-thread task that ran the click's handlers and styled their frame, if long (Long Tasks API). */
  ownTask: number;
  /**
   * The longest main-thread task after that one until the island has hydrated
   * (Long Tasks API): what a second tap in that time would wait behind.
   */
  longestAfter: number;
}

/** The tapped controls' island, whose hydration follows the first tap. */
const NAV_HYDRATED = `[data-island="nav"][${HYDRATED_ATTRIBUTE}]`;
/** A build that hydrates the whole page (a --dist to compare with) has no island to wait for. */
const WHOLE_PAGE_BUILD = 'html:not(:has([data-island]))';

/** Runs in the page before any script: records Event Timing entries and long tasks. */
const RECORD_TIMINGS = `
  window.events = [];
  window.longTasks = [];
  new PerformanceObserver((list) => window.events.push(...list.getEntries()))
    .observe({ type: 'event', durationThreshold: 16, buffered: true });
  new PerformanceObserver((list) => window.longTasks.push(...list.getEntries()))
    .observe({ type: 'longtask', buffered: true });`;

/**
 * In the page: window.answerFrame resolves with performance.now() at the frame after `answered`
 * turns true. (The expression's own value is not that promise, or evaluating it would wait for it.)
 */
const answerFrame = (answered: string) => `
  window.answerFrame = new Promise((resolve, reject) => {
    const observer = new MutationObserver(() => {
      if (!(${answered})) return;
      observer.disconnect();
      requestAnimationFrame(() => resolve(performance.now()));
    });
    observer.observe(document.documentElement, { attributes: true, subtree: true });
    setTimeout(() => reject(new Error('not answered: ' + ${JSON.stringify(answered)})), 30000);
  });
  undefined;`;

/** In the page: resolves once `selector` matches, or rejects after `ms`. */
const attached = (selector: string, ms: number) => `
  new Promise((resolve, reject) => {
    const found = () => document.querySelector(${JSON.stringify(selector)});
    if (found()) return resolve(true);
    const observer = new MutationObserver(() => found() && (observer.disconnect(), resolve(true)));
    observer.observe(document, { attributes: true, subtree: true, childList: true });
    setTimeout(() => reject(new Error('not attached: ' + ${JSON.stringify(selector)})), ${ms});
  })`;

/** In the page: waits a frame and 100 ms, for a long task that just ended to be reported. */
const SETTLED = `new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100)))`;

async function open(browser: BareChromium, url: string, device: Device) {
  const page = await browser.open(url, device, {
    cpuSlowdown: CPU_SLOWDOWN,
    beforeScripts: RECORD_TIMINGS,
  });
  await page.evaluate(attached(`html[${HYDRATED_ATTRIBUTE}]`, 60_000));
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  return page;
}

async function tap(page: BarePage, selector: string, answered: string): Promise<Tap> {
  await page.evaluate(answerFrame(answered));
  // Only for a tap Event Timing leaves unreported: when the tap was sent, as the page counts.
  const tappedAt = await page.evaluate<number>('performance.now()');
  await page.tap(selector);
  const paintedAt = await page.evaluate<number>('window.answerFrame');
  // Event Timing reports an interaction once its frame is presented: wait for the click's entry.
  // It reports none under its 16 ms threshold, so a tap with no entry after 2 s took under 16 ms.
  await page.evaluate(`new Promise((resolve) => {
    const has = () => window.events.some((e) => e.name === 'click' && e.interactionId > 0);
    const started = performance.now();
    const check = () => (has() || performance.now() - started > 2000 ? resolve() : setTimeout(check, 50));
    check();
  })`);
  // The hydration that follows the tap; the whole-page build was hydrated before it.
  await page.evaluate(attached(`${NAV_HYDRATED}, ${WHOLE_PAGE_BUILD}`, 30_000));
  await page.evaluate(SETTLED);
  return page.evaluate<Tap>(`(() => {
    const events = window.events.filter((e) => e.interactionId > 0);
    const click = events.find((e) => e.name === 'click');
    // The tap's own task holds its handlers and the frame they change; what comes after is hydration.
    const handled = click ? click.processingEnd : ${tappedAt};
    const ownTask = Math.max(0, ...window.longTasks
      .filter((t) => t.startTime <= handled && t.startTime + t.duration >= handled)
      .map((t) => t.duration));
    const longestAfter = Math.max(0, ...window.longTasks
      .filter((t) => t.startTime > handled).map((t) => t.duration));
    if (!click) {
      const none = { eventTiming: 16, inputDelay: 0, processing: 0, presentation: 0 };
      return { ...none, toAnswer: ${paintedAt} - ${tappedAt}, ownTask, longestAfter };
    }
    const first = Math.min(...events.map((e) => e.startTime));
    return {
      eventTiming: Math.max(...events.map((e) => e.duration)),
      inputDelay: click.processingStart - click.startTime,
      processing: click.processingEnd - click.processingStart,
      presentation: click.startTime + click.duration - click.processingEnd,
      toAnswer: ${paintedAt} - first,
      ownTask,
      longestAfter,
    };
  })()`);
}

async function menuTap(browser: BareChromium, url: string): Promise<Tap> {
  const page = await open(browser, url, PHONE);
  // The menu is a dialog in the HTML: shown once it is open, whether the loader or React opened it.
  const answered = `document.getElementById('mobile-menu')?.open === true`;
  const result = await tap(page, MENU_TOGGLE, answered);
  await page.close();
  return result;
}

/** The theme toggle in the open menu: the tap's answer is the theme changed with the menu still open. */
async function menuThemeTap(browser: BareChromium, url: string): Promise<Tap> {
  const page = await open(browser, url, PHONE);
  await page.tap(MENU_TOGGLE);
  await page.evaluate(attached(`#mobile-menu:modal`, 30_000));
  await page.evaluate(attached(NAV_HYDRATED, 30_000));
  await new Promise((resolve) => setTimeout(resolve, MENU_READ_MS));
  // Only this tap's entries and long tasks count.
  await page.evaluate(`window.events.length = 0; window.longTasks.length = 0;`);
  const menuOpen = `document.getElementById('mobile-menu')?.matches(':modal')`;
  const answered = `document.documentElement.dataset.themeChoice !== 'system' && ${menuOpen}`;
  const result = await tap(page, MENU_THEME_TOGGLE, answered);
  if (!(await page.evaluate<boolean>(menuOpen))) throw new Error('The theme tap closed the menu');
  await page.close();
  return result;
}

async function themeTap(browser: BareChromium, url: string): Promise<Tap> {
  const page = await open(browser, url, DESKTOP);
  const answered = `document.documentElement.dataset.themeChoice !== 'system'`;
  const result = await tap(page, THEME_TOGGLE, answered);
  await page.close();
  return result;
}

/** The longest task from a scroll to the form until the form has hydrated (or 30 s). */
async function formOnScroll(browser: BareChromium, url: string): Promise<number> {
  const page = await open(browser, url, PHONE);
  const since = await page.evaluate<number>(`(() => {
    const start = performance.now();
    document.getElementById('contact').scrollIntoView({ behavior: 'instant' });
    return start;
  })()`);
  // The islands' form marks itself; the whole-page build was hydrated before the scroll.
  const form = `[data-island="contact-form"][${HYDRATED_ATTRIBUTE}]`;
  await page.evaluate(attached(`${form}, ${WHOLE_PAGE_BUILD}`, 30_000));
  await page.evaluate(SETTLED);
  const longest = await page.evaluate<number>(
    `Math.max(0, ...window.longTasks.filter((t) => t.startTime + t.duration >= ${since}).map((t) => t.duration))`,
  );
  await page.close();
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
    `the tap's own task ${figure(taps.map((t) => t.ownTask))}`,
    `longest task after it until the island hydrated ${figure(taps.map((t) => t.longestAfter))}`,
  ].join('\n    ');

const dataDir = mkdtempSync(join(tmpdir(), 'bench-interaction-'));
const servers = await Promise.all(
  values.dist.map((distDir, i) =>
    startServer({ port: 0, host: '127.0.0.1', dataDir: join(dataDir, String(i)), distDir }),
  ),
);
const browser = await launchBareChromium(CHROME, ARGS);
type Runs = { menu: Tap[]; theme: Tap[]; menuTheme: Tap[]; form: number[] };
const results: Runs[] = values.dist.map(() => ({ menu: [], theme: [], menuTheme: [], form: [] }));
try {
  for (let run = 0; run < RUNS; run++) {
    for (const [i, server] of servers.entries()) {
      results[i]!.menu.push(await menuTap(browser, `${server.url}/`));
      results[i]!.theme.push(await themeTap(browser, `${server.url}/`));
      results[i]!.menuTheme.push(await menuThemeTap(browser, `${server.url}/`));
      if (!values['no-form']) results[i]!.form.push(await formOnScroll(browser, `${server.url}/`));
    }
  }
  console.log(`Chromium at ${CPU_SLOWDOWN}× CPU, median of ${RUNS} runs (worst), alternated`);
  for (const [i, dist] of values.dist.entries()) {
    const r = results[i]!;
    console.log(`\n${dist}`);
    console.log(`  menu toggle, first tap:\n    ${tapFigures(r.menu, 'the menu shown')}`);
    console.log(`  theme toggle, first tap:\n    ${tapFigures(r.theme, 'the theme shown')}`);
    console.log(`  theme toggle in the open menu (phone):`);
    console.log(`    ${tapFigures(r.menuTheme, 'the theme shown')}`);
    if (r.form.length > 0) {
      console.log(`  scroll to the form until it answers: longest task ${figure(r.form)}`);
    }
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((server) => server.close()));
  rmSync(dataDir, { recursive: true, force: true });
}

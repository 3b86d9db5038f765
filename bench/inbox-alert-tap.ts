/**
 * A tap on a lead's notification to the lead's words on screen (docs/alerts.md), in
 * the installed inbox with a warm service worker, on a phone's screen at 4×
 * CPU: what clients.openWindow(url) does (a new window at /inbox/#lead=<id>,
 * its shell from the worker), and what a tap does with the inbox already open
 * (the worker names the lead, the page opens it). Prints the time to the
 * message's text and the script the page ran by then (DevTools'
 * ScriptDuration), the median and 90th percentile of --runs. Against our
 * server on this machine: the network's round trips to the API come on top.
 *
 *   npm run build && node --import tsx bench/inbox-alert-tap.ts [--runs 15] [--cpu 4]
 *     [--trace /tmp/tap.json] [--dist <another build's dist/, to compare>] [--incognito]
 *
 * --trace writes a Chromium trace of the last closed-inbox tap (DevTools' Performance panel
 * opens it), to see where the time before the lead's words goes. --incognito runs it all in an
 * off-the-record context instead of a fresh profile on disk, to compare.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { OPEN_LEAD_MESSAGE } from '../src/config/inbox-app';
import { inboxCopy } from '../src/content/inbox';
import {
  addLead,
  emailedCode,
  newMember,
  startInboxServer,
} from '../tests/support/inbox-server.ts';
import { percentile } from './submissions-load.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '15' },
    cpu: { type: 'string', default: '4' },
    trace: { type: 'string' },
    dist: { type: 'string' },
    incognito: { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);
const CPU = Number(values.cpu);
const PHONE = { width: 375, height: 812 };

/**
 * Records when the lead's message first appears, by the page's own clock. A
 * string: tsx would wrap a function's inner functions in a helper the page lacks.
 */
const WATCH_FOR_MESSAGE = `
  new MutationObserver((_, observer) => {
    if (document.querySelector('[data-testid="lead-message"]')) {
      window.messageAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;

async function throttled(context: BrowserContext): Promise<[Page, () => Promise<number>]> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  await cdp.send('Performance.enable');
  const scriptMs = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return 1000 * (metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0);
  };
  return [page, scriptMs];
}

const inbox = await startInboxServer(undefined, values.dist && resolve(values.dist));
const profile = await mkdtemp(join(tmpdir(), 'bench-alert-tap-'));
const launch = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu'],
};
const options = { viewport: PHONE, baseURL: inbox.server.url };
// The installed app runs in the phone's own browser profile, on disk; newContext() would be an
// off-the-record one, which no owner's phone opens the inbox in and which measured slower here.
const context = values.incognito
  ? await (await chromium.launch(launch)).newContext(options)
  : await chromium.launchPersistentContext(profile, { ...launch, ...options });
const browser = context.browser()!;
try {
  const member = await newMember(inbox.server, 'bench');
  const lead = {
    name: 'Priya Shah',
    email: 'priya@example.co.uk',
    message: 'Our booking page keeps timing out on phones.',
  };
  const id = await addLead(inbox.server, lead);
  await context.addInitScript({ content: WATCH_FOR_MESSAGE });

  // Signed in once, and the worker installed: the installed app as the owner has it.
  const setup = await context.newPage();
  await setup.goto('/inbox/');
  await setup.getByLabel(inboxCopy.signIn.email, { exact: true }).fill(member);
  await setup.getByRole('button', { name: inboxCopy.signIn.sendCode }).click();
  await setup
    .getByLabel(inboxCopy.signIn.code, { exact: true })
    .fill(await emailedCode(inbox.sink, member));
  await setup.getByRole('button', { name: inboxCopy.signIn.signIn }).click();
  await setup.getByRole('button', { name: inboxCopy.header.signOut }).waitFor();
  await setup.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Closed, as the app is when the tap opens it: left open, its timers and reads ran in the
  // renderer process each new window shares, and were counted against the tap.
  await setup.close();

  const opened: number[] = [];
  const openedScript: number[] = [];
  const focused: number[] = [];
  const focusedScript: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    // The app was closed: the tap opens a window at the lead.
    const [page, scriptMs] = await throttled(context);
    const tracing = run === RUNS - 1 && values.trace !== undefined;
    if (tracing) await browser.startTracing(page, { path: values.trace, screenshots: true });
    await page.goto(`/inbox/#lead=${id}`, { waitUntil: 'commit' });
    await page
      .waitForFunction(() => 'messageAt' in window, null, { timeout: 20_000 })
      .catch(async (error) => {
        await page.screenshot({ path: '/tmp/tap.png' });
        console.log(
          await page.evaluate(() => [location.href, document.body.innerText.slice(0, 500)]),
        );
        throw error;
      });
    const fromController = await page.evaluate(() => Boolean(navigator.serviceWorker.controller));
    if (!fromController) throw new Error('The page was not served by the worker');
    if (tracing) await browser.stopTracing();
    opened.push(await page.evaluate(() => (window as unknown as { messageAt: number }).messageAt));
    openedScript.push(await scriptMs());

    // The app is open at the list: the worker names the lead, the page opens it.
    await page.evaluate(() => history.pushState(null, '', '/inbox/'));
    await page.evaluate(() => window.dispatchEvent(new HashChangeEvent('hashchange')));
    await page.getByTestId('lead-message').waitFor({ state: 'detached' });
    // The list shown, as an open inbox has it: its reads, left running, were counted against the tap.
    await page.getByRole('link', { name: new RegExp(lead.name) }).waitFor();
    const before = await scriptMs();
    const elapsed = await page.evaluate(
      async ({ type, url }) => {
        const started = performance.now();
        delete (window as unknown as { messageAt?: number }).messageAt;
        const appeared = new Promise<void>((resolve) => {
          new MutationObserver((_, observer) => {
            if (document.querySelector('[data-testid="lead-message"]')) {
              observer.disconnect();
              resolve();
            }
          }).observe(document, { childList: true, subtree: true });
        });
        // As the worker's postMessage arrives (src/inbox/alerts/use-open-from-alert.ts).
        navigator.serviceWorker.dispatchEvent(
          new MessageEvent('message', { data: { type, url: new URL(url, location.href).href } }),
        );
        await appeared;
        return performance.now() - started;
      },
      { type: OPEN_LEAD_MESSAGE, url: `/inbox/#lead=${id}` },
    );
    focused.push(elapsed);
    focusedScript.push((await scriptMs()) - before);
    await page.close();
  }

  const line = (label: string, times: number[], script: number[]) => {
    const t = [...times].sort((a, b) => a - b);
    const s = [...script].sort((a, b) => a - b);
    console.log(
      `  ${label}: words on screen p50 ${percentile(t, 50).toFixed(0)} ms, p90 ${percentile(t, 90).toFixed(0)} ms;` +
        ` script run p50 ${percentile(s, 50).toFixed(0)} ms, p90 ${percentile(s, 90).toFixed(0)} ms`,
    );
  };
  console.log(
    `\nA tap on a lead's notification, ${RUNS} runs, ${CPU}× CPU, ${PHONE.width} px, ` +
      `${values.dist ?? 'dist'}, ${values.incognito ? 'incognito' : 'a profile on disk'}, load ${loadavg()[0]!.toFixed(1)}`,
  );
  line('inbox closed (a new window, shell from the worker)', opened, openedScript);
  line('inbox open (the worker names the lead)           ', focused, focusedScript);
} finally {
  await context.close();
  await browser.close();
  await inbox.close();
  await rm(profile, { recursive: true, force: true });
}

import puppeteer, { type BrowserContext, type ElementHandle, type Page } from 'puppeteer-core';
import type { Engine, Finder } from './engine.ts';
import { recordProblems, recordedProblems } from './in-page.ts';

/** Debian's Firefox ESR; puppeteer-core never downloads a browser. */
export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** The desktop viewport the Chromium tests use (playwright.config.ts). */
const VIEWPORT = { width: 1280, height: 800 };

/** Firefox ESR driven by puppeteer-core over WebDriver BiDi, headless. */
export async function launchFirefox(): Promise<Engine> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    protocol: 'webDriverBiDi',
    headless: true,
    defaultViewport: VIEWPORT,
  });
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  const current = () => {
    if (!page) throw new Error('open a page first');
    return page;
  };
  const element = async (find: Finder, name: string) => {
    const handle = await current().waitForFunction(find, {}, name);
    return handle as ElementHandle<Element>;
  };

  return {
    async open(url) {
      // A fresh browser context per visit: no storage carries over from the last one.
      await context?.close();
      context = await browser.createBrowserContext();
      page = await context.newPage();
      // A preload script: in place before any script of the page runs.
      await page.evaluateOnNewDocument(recordProblems);
      await page.goto(url);
    },
    // JSON arguments and results need none of puppeteer's handle types.
    evaluate: (fn, ...args) => current().evaluate(fn as (...args: unknown[]) => never, ...args),
    async click(find, name) {
      await (await element(find, name)).click();
    },
    async type(find, name, text) {
      await (await element(find, name)).type(text);
    },
    screenshot: async () => Buffer.from(await current().screenshot()),
    problems: () => current().evaluate(recordedProblems),
    async close() {
      // close() ends Firefox and its content processes and removes its temporary profile.
      await browser.close().catch(() => browser.process()?.kill('SIGKILL'));
    },
  };
}

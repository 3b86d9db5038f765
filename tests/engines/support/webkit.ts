import { until } from '../../support/until.ts';
import { PATIENCE_MS, type Engine, type Finder } from './engine.ts';
import { recordProblems, recordedProblems } from './in-page.ts';
import { startWebKitDriver, startXvfb } from './webkit-processes.ts';
import {
  Journal,
  WebDriverCommandError,
  WebDriverSession,
  type ElementReference,
} from './webdriver.ts';

export { WEBKIT_DRIVER, XVFB } from './webkit-processes.ts';

/** The browser Debian's libwebkit2gtk-4.1-0 ships for automation. */
const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** The desktop size the Chromium tests use (playwright.config.ts); the window's own bar takes a little. */
const WINDOW = { width: 1280, height: 800 };

const CAPABILITIES = {
  browserName: 'MiniBrowser',
  'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
  // Navigation returns at once, so the recorder goes into the new document as early as it can.
  // Classic WebDriver has no preload script: a problem before that (in the inline boot scripts, or
  // a bundle that runs first) is not recorded here, but shows as a page that never hydrates.
  pageLoadStrategy: 'none',
};

/**
 * Runs `fn` (sent as source) with `args`, awaiting it if it is async, and returns its result.
 * A thrown error comes back as its message and its stack: WebKit's stack leaves the message out.
 */
const EVALUATE = `const done = arguments[arguments.length - 1];
const args = Array.prototype.slice.call(arguments, 0, -1);
Promise.resolve()
  .then(() => (FN).apply(null, args))
  .then((value) => done({ value }), (error) => done({ error: String(error) + (error && error.stack ? '\\n' + error.stack : '') }));`;

/**
 * WebKitGTK's MiniBrowser driven by WebKitWebDriver (classic WebDriver) on a
 * virtual X display. Each visit is a new session, so a new browser whose
 * storage and cache start empty (automation sessions are ephemeral).
 */
export async function launchWebKit(): Promise<Engine> {
  const stops: (() => Promise<unknown>)[] = [];
  let session: WebDriverSession | undefined;
  const close = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
  const current = () => {
    if (!session) throw new Error('open a page first');
    return session;
  };

  const journal = new Journal();
  let driverUrl: string;
  let driverStderr: () => string;
  let driverProcesses: () => string;
  try {
    const xvfb = await startXvfb();
    stops.push(xvfb.stop);
    const driver = await startWebKitDriver(xvfb.display);
    driverUrl = driver.url;
    driverStderr = driver.stderr;
    driverProcesses = driver.processes;
    stops.push(driver.stop);
    // The last visit's browser ends before its driver does.
    stops.push(async () => session?.delete());
  } catch (error) {
    await close();
    throw error;
  }

  const element = (find: Finder, name: string) =>
    until(
      () => current().execute<ElementReference | null>(`return (${find})(arguments[0]);`, [name]),
      PATIENCE_MS,
      `an element for "${name}"`,
      (reference) => reference !== null,
    ) as Promise<ElementReference>;

  const evaluate: Engine['evaluate'] = async (fn, ...args) => {
    const what = fn.name || 'a function';
    const outcome = await current()
      .executeAsync<{ value?: never; error?: string }>(
        EVALUATE.replace('FN', () => String(fn)),
        args,
      )
      .catch((error: unknown) => {
        throw new Error(`in the page, ${what}: ${String(error)}`);
      });
    if (outcome.error !== undefined) throw new Error(`in the page, ${what}: ${outcome.error}`);
    return outcome.value as never;
  };

  /**
   * Puts the recorder into the document at `href` once that document exists; until then, the
   * document that is there (its address and readyState) is what a time-out reports.
   */
  const recordFromTheStart = (href: string) =>
    until(
      () =>
        current()
          .execute<true | string>(
            `if (location.href !== arguments[0]) return location.href + ' ' + document.readyState;
             (${recordProblems})(); return true;`,
            [href],
          )
          // Asked while the last document was unloading: not there yet.
          .catch((error: unknown) => {
            if (error instanceof WebDriverCommandError && error.code === 'no such frame') {
              return 'no document (unloading)';
            }
            throw error;
          }),
      PATIENCE_MS,
      `the document of ${href}`,
    );

  return {
    async open(url) {
      journal.clear();
      await session?.delete();
      session = undefined;
      session = await WebDriverSession.create(driverUrl, CAPABILITIES, journal);
      await session.setWindowRect(WINDOW);
      await session.navigate(url);
      await recordFromTheStart(new URL(url).href);
      await until(
        () => current().execute<string>('return document.readyState;'),
        PATIENCE_MS,
        'the load event',
        (state) => state === 'complete',
      );
    },
    evaluate,
    async click(find, name) {
      await current().click(await element(find, name));
    },
    async type(find, name, text) {
      await current().sendKeys(await element(find, name), text);
    },
    screenshot: () => current().screenshot(),
    problems: () => evaluate(recordedProblems),
    report: () =>
      `WebDriver commands of this visit:\n${String(journal)}\n` +
      `WebKitWebDriver's last output:\n${driverStderr().trim() || '(none)'}\n` +
      driverProcesses(),
    close,
  };
}

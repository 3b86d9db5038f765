/**
 * A W3C WebDriver session over HTTP (https://www.w3.org/TR/webdriver2/), with
 * only the commands these tests use. WebdriverIO's `webdriver` package would
 * bring a dozen packages for these few requests, so they are made with fetch.
 */

/** The key under which the protocol returns an element reference. */
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

export type ElementReference = { [ELEMENT_KEY]: string };

interface WebDriverError {
  error: string;
  message: string;
}

/** An error the driver answered, with its code ("no such frame", "javascript error", …). */
export class WebDriverCommandError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * How long a command may go unanswered. Longer than the driver's own bound on a
 * script (30 s, the protocol's default), so a slow script fails with the
 * driver's word; shorter than a test's timeout, so a command that never comes
 * back fails with its name instead of a bare "Test timed out".
 */
const COMMAND_MS = 40_000;

/**
 * The commands sent, when each began, how it ended (or that it has had no
 * answer yet) and how long it took, for a failed test's report. A poll's
 * repeats are one line with a count.
 */
export class Journal {
  private entries: {
    began: Date;
    command: string;
    outcome?: string;
    ms: number;
    times: number;
  }[] = [];

  /** Records `command` as sent; the function returned records how it ended. */
  begin(command: string): (outcome: string) => void {
    const entry = {
      began: new Date(),
      command,
      outcome: undefined as string | undefined,
      ms: 0,
      times: 1,
    };
    const start = performance.now();
    this.entries.push(entry);
    return (outcome) => {
      entry.outcome = outcome;
      entry.ms = Math.round(performance.now() - start);
      const index = this.entries.indexOf(entry);
      const before = index > 0 ? this.entries[index - 1] : undefined;
      if (before && before.command === command && before.outcome === outcome) {
        before.times += 1;
        before.ms = Math.max(before.ms, entry.ms);
        this.entries.splice(index, 1);
      }
    };
  }

  clear() {
    this.entries = [];
  }

  toString() {
    const now = Date.now();
    return this.entries
      .map(({ began, command, outcome, ms, times }) => {
        const at = began.toISOString().slice(11, 23);
        if (outcome === undefined) return `${at} ${command}: no answer yet, ${now - +began} ms on`;
        return (
          `${at} ${command} ${outcome}` +
          (times > 1 ? ` ×${times}, the slowest in ${ms} ms` : ` in ${ms} ms`)
        );
      })
      .join('\n');
  }
}

/** One request to a WebDriver endpoint; a protocol error becomes a thrown Error. */
async function send<T>(
  journal: Journal,
  url: string,
  method: 'GET' | 'POST' | 'DELETE',
  body?: object,
): Promise<T> {
  // Sessions and elements by kind, not id, so a poll's repeats read as one.
  const path = new URL(url).pathname.replace(/\/(session|element)\/[^/]+/g, '/$1/…');
  const command = `${method} ${path}`;
  const record = journal.begin(command);
  let response: Response;
  let value: T | WebDriverError;
  try {
    response = await fetch(url, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(COMMAND_MS),
    });
    ({ value } = (await response.json()) as { value: T | WebDriverError });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    record(timedOut ? 'had no answer' : `failed: ${String(error)}`);
    throw new Error(
      timedOut ? `WebDriver ${command} had no answer in ${COMMAND_MS} ms` : `WebDriver ${command}`,
      { cause: error },
    );
  }
  if (!response.ok) {
    const { error, message } = value as WebDriverError;
    record(`answered ${error}`);
    throw new WebDriverCommandError(error, `WebDriver ${command}: ${error}: ${message}`);
  }
  record('answered');
  return value as T;
}

export class WebDriverSession {
  private constructor(
    private readonly base: string,
    private readonly journal: Journal,
  ) {}

  /** Starts a session; it adds each command it sends, and how it ended, to `journal`. */
  static async create(
    driverUrl: string,
    capabilities: object,
    journal: Journal,
  ): Promise<WebDriverSession> {
    const { sessionId } = await send<{ sessionId: string }>(
      journal,
      `${driverUrl}/session`,
      'POST',
      { capabilities: { alwaysMatch: capabilities } },
    );
    return new WebDriverSession(`${driverUrl}/session/${sessionId}`, journal);
  }

  private command<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: object) {
    return send<T>(
      this.journal,
      `${this.base}${path}`,
      method,
      body ?? (method === 'POST' ? {} : undefined),
    );
  }

  navigate(url: string) {
    return this.command<null>('POST', '/url', { url });
  }

  setWindowRect(rect: { width: number; height: number }) {
    return this.command<unknown>('POST', '/window/rect', rect);
  }

  /** Runs `body` (a function body: `arguments` holds `args`) and returns its result. */
  execute<T>(body: string, args: unknown[] = []) {
    return this.command<T>('POST', '/execute/sync', { script: body, args });
  }

  /** Runs `body`, whose last argument is the callback that returns its result. */
  executeAsync<T>(body: string, args: unknown[] = []) {
    return this.command<T>('POST', '/execute/async', { script: body, args });
  }

  click(element: ElementReference) {
    return this.command<null>('POST', `/element/${element[ELEMENT_KEY]}/click`);
  }

  sendKeys(element: ElementReference, text: string) {
    return this.command<null>('POST', `/element/${element[ELEMENT_KEY]}/value`, { text });
  }

  /** A PNG of the viewport. (WebKitGTK's element screenshots come out black under Xvfb.) */
  async screenshot(): Promise<Buffer> {
    return Buffer.from(await this.command<string>('GET', '/screenshot'), 'base64');
  }

  /** Ends the session: the driver closes the browser it started. */
  delete() {
    return this.command<null>('DELETE', '');
  }
}

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

/** One request to a WebDriver endpoint; a protocol error becomes a thrown Error. */
async function send<T>(url: string, method: 'GET' | 'POST' | 'DELETE', body?: object): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const { value } = (await response.json()) as { value: T | WebDriverError };
  if (!response.ok) {
    const { error, message } = value as WebDriverError;
    const command = `${method} ${new URL(url).pathname}`;
    throw new WebDriverCommandError(error, `WebDriver ${command}: ${error}: ${message}`);
  }
  return value as T;
}

export class WebDriverSession {
  private constructor(private readonly base: string) {}

  static async create(driverUrl: string, capabilities: object): Promise<WebDriverSession> {
    const { sessionId } = await send<{ sessionId: string }>(`${driverUrl}/session`, 'POST', {
      capabilities: { alwaysMatch: capabilities },
    });
    return new WebDriverSession(`${driverUrl}/session/${sessionId}`);
  }

  private command<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: object) {
    return send<T>(`${this.base}${path}`, method, body ?? (method === 'POST' ? {} : undefined));
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

  /** Ends the session: the driver closes the browser it started. */
  delete() {
    return this.command<null>('DELETE', '');
  }
}

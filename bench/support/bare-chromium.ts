/**
 * Chromium driven over its DevTools protocol with as little of DevTools as a
 * measurement needs, for figures a visitor's browser would give.
 *
 * Playwright (like Puppeteer and Lighthouse) enables the Runtime domain of every
 * page, and with it V8 captures a detailed stack trace, source positions
 * included, for every Error the page creates. react-dom creates a few at the top
 * level of its module (sentinels such as SuspenseException), so under Playwright
 * its evaluation also reparses the whole chunk's top-level function for source
 * positions: traced at 4× CPU, V8.CollectSourcePositions took 36–45 ms of a 47–60 ms
 * evaluation, a long task no visitor has. Here no domain is enabled but Page
 * (for the script that runs before the page's own); pages are read with
 * Runtime.evaluate, which does not enable the domain.
 *
 * Messages go over --remote-debugging-pipe (file descriptors 3 and 4, each
 * message ended by a NUL byte), as Playwright's own launcher does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

interface Reply {
  id?: number;
  method?: string;
  sessionId?: string;
  result?: unknown;
  error?: { message: string };
}

export interface Device {
  width: number;
  height: number;
  /** A phone: a mobile viewport and touch events. */
  touch: boolean;
}

export interface BarePage {
  /** Evaluates an expression in the page; a promise it gives is awaited. */
  evaluate<T>(expression: string): Promise<T>;
  /** A tap at the centre of the first element matching the selector: touch or a mouse click. */
  tap(selector: string): Promise<void>;
  close(): Promise<void>;
}

export interface BareChromium {
  /**
   * A new page in a new browser context (a first visit), CPU-throttled, with `beforeScripts` run
   * before the page's own, at `url` once it has loaded.
   */
  open(
    url: string,
    device: Device,
    options: { cpuSlowdown: number; beforeScripts: string },
  ): Promise<BarePage>;
  close(): Promise<void>;
}

export async function launchBareChromium(
  executable: string,
  args: string[],
): Promise<BareChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'bare-chromium-'));
  const chromium: ChildProcess = spawn(
    executable,
    [...args, '--remote-debugging-pipe', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const { send, listeners } = connect(chromium.stdio[3] as Writable, chromium.stdio[4] as Readable);

  return {
    async open(url, device, { cpuSlowdown, beforeScripts }) {
      // A context of its own, as a first visit: no storage, cache or cookies from the page before.
      const { browserContextId } = await send<{ browserContextId: string }>(
        'Target.createBrowserContext',
      );
      const { targetId } = await send<{ targetId: string }>('Target.createTarget', {
        url: 'about:blank',
        browserContextId,
      });
      const { sessionId } = await send<{ sessionId: string }>('Target.attachToTarget', {
        targetId,
        flatten: true,
      });
      const page = <T>(method: string, params: object = {}) => send<T>(method, params, sessionId);
      await page('Emulation.setDeviceMetricsOverride', {
        width: device.width,
        height: device.height,
        deviceScaleFactor: 1,
        mobile: device.touch,
      });
      if (device.touch) await page('Emulation.setTouchEmulationEnabled', { enabled: true });
      await page('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
      await page('Page.enable');
      await page('Page.addScriptToEvaluateOnNewDocument', { source: beforeScripts });
      // Evaluated before the page has loaded, an expression would run in about:blank.
      const loaded = new Promise<void>((resolve) =>
        listeners.set(`${sessionId} Page.loadEventFired`, resolve),
      );
      await page('Page.navigate', { url });
      await loaded;
      listeners.delete(`${sessionId} Page.loadEventFired`);

      const evaluate = async <T>(expression: string) => {
        const { result, exceptionDetails } = await page<{
          result: { value: T };
          exceptionDetails?: { text: string };
        }>('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
        if (exceptionDetails) throw new Error(`${exceptionDetails.text} in ${expression}`);
        return result.value;
      };
      return {
        evaluate,
        async tap(selector) {
          const { x, y } = await evaluate<{ x: number; y: number }>(
            `(() => { const r = document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect();
              return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; })()`,
          );
          if (device.touch) {
            const touchPoints = [{ x, y }];
            await page('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints });
            await page('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
          } else {
            await page('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y });
            const press = { x, y, button: 'left', clickCount: 1 };
            await page('Input.dispatchMouseEvent', { type: 'mousePressed', ...press });
            await page('Input.dispatchMouseEvent', { type: 'mouseReleased', ...press });
          }
        },
        close: () =>
          send('Target.disposeBrowserContext', { browserContextId }).then(() => undefined),
      };
    },
    async close() {
      // Chromium may exit before it answers: wait for the exit, not the answer.
      void send('Browser.close').catch(() => undefined);
      if (chromium.exitCode === null)
        await new Promise((resolve) => chromium.once('exit', resolve));
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The protocol over the pipe: commands answered by id, and events for whoever listens. */
function connect(toChromium: Writable, fromChromium: Readable) {
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  /** Who waits for an event, by session and method. */
  const listeners = new Map<string, () => void>();
  let buffered = '';
  fromChromium.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    let end: number;
    while ((end = buffered.indexOf('\0')) >= 0) {
      const reply = JSON.parse(buffered.slice(0, end)) as Reply;
      buffered = buffered.slice(end + 1);
      if (reply.method) listeners.get(`${reply.sessionId} ${reply.method}`)?.();
      const waiter = reply.id === undefined ? undefined : waiting.get(reply.id);
      if (!waiter) continue;
      waiting.delete(reply.id!);
      if (reply.error) waiter.reject(new Error(reply.error.message));
      else waiter.resolve(reply.result);
    }
  });
  let lastId = 0;
  const send = <T>(method: string, params: object = {}, sessionId?: string) =>
    new Promise<T>((resolve, reject) => {
      const id = ++lastId;
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      toChromium.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    });
  return { send, listeners };
}

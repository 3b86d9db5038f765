import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { freePort } from '../../support/free-port.ts';
import { until } from '../../support/until.ts';
import { PATIENCE_MS } from './engine.ts';

/** Debian's webkit2gtk-driver and Xvfb (xvfb). */
export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver';
export const XVFB = '/usr/bin/Xvfb';

/**
 * Starts `command` in a process group of its own, so that stopping it also
 * stops whatever it started (WebKitWebDriver starts the browser, the browser
 * its web and network processes). fd 3 is a pipe for Xvfb's -displayfd.
 */
function start(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const child = spawn(command, args, {
    env,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  const running = () => child.exitCode === null && child.signalCode === null;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // The group is already gone.
    }
  };
  // Should the test process end without closing the engine, the group still goes with it.
  process.once('exit', () => signalGroup('SIGKILL'));
  return {
    child,
    running,
    stderr: () => stderr,
    async stop() {
      if (!running()) return;
      const exited = once(child, 'exit');
      signalGroup('SIGTERM');
      await exited;
    },
  };
}

/** A virtual X display on a free number: Xvfb writes the number it took to fd 3 once it is ready. */
export async function startXvfb() {
  const xvfb = start(XVFB, ['-displayfd', '3', '-screen', '0', '1920x1080x24', '-nolisten', 'tcp']);
  try {
    const [number] = (await Promise.race([
      once(xvfb.child.stdio[3]!, 'data'),
      once(xvfb.child, 'exit').then(() =>
        Promise.reject(new Error(`Xvfb exited: ${xvfb.stderr()}`)),
      ),
    ])) as [Buffer];
    return { display: `:${number.toString().trim()}`, stop: xvfb.stop };
  } catch (error) {
    await xvfb.stop();
    throw error;
  }
}

/** WebKitWebDriver on a free loopback port of `display`, once it answers /status. */
export async function startWebKitDriver(display: string) {
  const port = await freePort();
  const driver = start(WEBKIT_DRIVER, [`--port=${port}`], { ...process.env, DISPLAY: display });
  const url = `http://127.0.0.1:${port}`;
  try {
    await until(
      async () => {
        if (!driver.running()) throw new Error(`WebKitWebDriver exited: ${driver.stderr()}`);
        return fetch(`${url}/status`).then(
          (response) => response.ok,
          () => false,
        );
      },
      PATIENCE_MS,
      `WebKitWebDriver on ${url}`,
      Boolean,
    );
    return { url, stop: driver.stop };
  } catch (error) {
    await driver.stop();
    throw error;
  }
}

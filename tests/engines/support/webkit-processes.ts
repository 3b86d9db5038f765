import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
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

/** Output of `command`, or why there is none: a report must not fail for want of a tool. */
function output(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { encoding: 'utf8', timeout: 5_000 });
  } catch (error) {
    return `(${command}: ${String(error)})`;
  }
}

/** A process's environment, or none if it has gone. */
function readEnvironment(pid: string): Record<string, string> {
  try {
    const entries = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    return Object.fromEntries(entries.map((entry) => entry.split(/=(.*)/s, 2)));
  } catch {
    return {};
  }
}

/**
 * The processes in the group led by `pid` (the driver, the browser it launched
 * and the browser's own processes) and the TCP ports they listen on: the
 * driver reaches its browser through such a port.
 */
function groupState(pid: number): string {
  const inGroup = output('ps', ['-eo', 'pid=,pgid=,stat=,etime=,args='])
    .split('\n')
    .filter((line) => line.trim().split(/\s+/)[1] === String(pid));
  const pids = new Set(inGroup.map((line) => line.trim().split(/\s+/)[0]!));
  const listening = output('ss', ['-Hltnp'])
    .split('\n')
    .filter((line) => [...line.matchAll(/pid=(\d+)/g)].some(([, found]) => pids.has(found!)));
  // Where the driver told each browser to listen, and every socket on that port, whoever's.
  const inspectors = [...pids].flatMap((found) => {
    const address = readEnvironment(found).WEBKIT_INSPECTOR_SERVER;
    if (!address) return [];
    const port = address.split(':').at(-1);
    const sockets = output('ss', ['-Htanp'])
      .split('\n')
      .filter((line) => line.includes(`:${port} `));
    return [`${found} was told ${address}; sockets on that port:`, ...sockets];
  });
  return [
    'processes (pid, group, state, elapsed, command):',
    ...inGroup,
    'listening:',
    ...(listening.length > 0 ? listening : ['(none)']),
    ...inspectors,
  ].join('\n');
}

/**
 * A virtual X display on a free number: Xvfb writes the number it took to fd 3
 * once it is ready. -noreset: by default Xvfb resets when its last client
 * leaves, and drops a client that connects meanwhile. Each visit ends one
 * browser and starts the next, which then could not open the display
 * ("cannot open display: :0"), and WebKitWebDriver never answered the new
 * session. Four clients opening and closing 1,200 connections here: 623
 * dropped with the defaults, none with -noreset.
 */
export async function startXvfb() {
  const xvfb = start(XVFB, [
    '-displayfd',
    '3',
    '-screen',
    '0',
    '1920x1080x24',
    '-nolisten',
    'tcp',
    '-noreset',
  ]);
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
    return {
      url,
      stop: driver.stop,
      stderr: driver.stderr,
      processes: () => groupState(driver.child.pid!),
    };
  } catch (error) {
    await driver.stop();
    throw error;
  }
}

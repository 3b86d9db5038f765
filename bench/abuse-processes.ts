/**
 * The abuse benchmark's processes and sockets (bench/abuse.ts): the real
 * server in its own process, and a crowd of connections that never finish a
 * request.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { TEST_PROOF_OF_WORK_ENV } from './proof-pool.ts';

const READY = /Serving the site and its contact API on (http:\/\/\S+)/;
const TABLE = '/rest/v1/contact_submissions';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Milliseconds from spawn to listening. */
  startMs: number;
}

let starts = 0;
/** `server/main.ts` in its own process; its log goes to a file in `dir`, read only for the ready line. */
export async function startServer(
  env: Record<string, string>,
  dir: string,
): Promise<ServerProcess> {
  const started = performance.now();
  const logFile = join(dir, `server-${++starts}.log`);
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      DIST_DIR: '/nonexistent',
      RATE_LIMIT_PER_MINUTE: '10000',
      SMTP_URL: '',
      ...TEST_PROOF_OF_WORK_ENV,
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const deadline = started + 30_000;
  while (performance.now() < deadline) {
    const match = READY.exec(readFileSync(logFile, 'utf8'));
    if (match && child.exitCode === null) {
      return { child, url: match[1]!, startMs: performance.now() - started };
    }
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  child.kill('SIGKILL');
  throw new Error(`The server did not start:\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
}

export async function stopServer(server: ServerProcess): Promise<number | null> {
  const exited = once(server.child, 'exit') as Promise<[number | null]>;
  server.child.kill('SIGTERM');
  const [code] = await exited;
  return code;
}

/**
 * `count` connections that never complete a request: a third silent, a third
 * stopped after a request line, a third trickling a header a byte at a time.
 * Any the server closes (its timeouts) are opened again, until `stop()`.
 */
export function idleFlood(url: URL, count: number) {
  const sockets = new Set<Socket>();
  const trickling = new Set<Socket>();
  let stopped = false;
  let reopened = 0;
  const open = (i: number) => {
    if (stopped) return;
    const socket = connect({ port: Number(url.port), host: url.hostname }, () => {
      if (i % 3 === 1) socket.write(`POST ${TABLE} HTTP/1.1\r\nHost: x\r\n`);
      if (i % 3 === 2) socket.write('GET / HTTP/1.1\r\nX-Slow: ');
    });
    sockets.add(socket);
    if (i % 3 === 2) trickling.add(socket);
    socket.resume();
    socket.on('error', () => {});
    socket.once('close', () => {
      sockets.delete(socket);
      trickling.delete(socket);
      if (!stopped) {
        reopened++;
        setTimeout(() => open(i), 50);
      }
    });
  };
  for (let i = 0; i < count; i++) open(i);
  const trickle = setInterval(() => {
    for (const socket of trickling) if (socket.writable) socket.write('a');
  }, 200);
  return {
    open: () => sockets.size,
    reopened: () => reopened,
    stop() {
      stopped = true;
      clearInterval(trickle);
      for (const socket of sockets) socket.destroy();
    },
  };
}

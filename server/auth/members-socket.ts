import { once } from 'node:events';
import { chmodSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Socket } from 'node:net';
import { join, resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import { loggableError } from '../loggable-error.ts';
import { parseMembersCommand, runMembersCommand } from './members-command.ts';

/**
 * `npm run submissions -- members …` while the server runs on the embedded
 * database. The server holds the data directory's lock (data-dir-lock.ts), so
 * the command cannot open the database itself; it hands its arguments to the
 * server over a Unix domain socket in DATA_DIR instead, and the server runs
 * the same command (members-command.ts) on the database it holds. The socket
 * answers only these commands. Only the data directory's owner reaches it
 * (mode 0600, made in a private directory and moved into place, so it is never
 * open to others even for a moment), and it goes when the server closes.
 *
 * The protocol: the command writes one JSON object, {"args": [...]}, the
 * arguments after `members`, and ends its side; the server answers one JSON
 * object, {"stdout": "..."} or {"error": "..."}, and closes.
 * On PostgreSQL the command connects to the database directly and this is unused.
 */

const SOCKET_FILE = 'members.sock';
/** The longest path a Unix domain socket may have on Linux (sun_path, less its final NUL). */
const MAX_SOCKET_PATH_BYTES = 107;
/** A request is a few arguments; anything longer is not ours. */
const MAX_REQUEST_BYTES = 4096;
/** A command is one statement; a connection that says nothing for this long is dropped. */
const IDLE_MS = 10_000;

export const membersSocketPath = (dataDir: string) => resolve(join(dataDir, SOCKET_FILE));

type Answer = { stdout: string } | { error: string };

export interface MembersSocket {
  /** Stops listening, drops connections that have not sent a command, and removes the file. */
  close(): Promise<void>;
}

/** Listens beside the embedded database; undefined (and a warning) when it cannot. */
export async function serveMembersCommands(
  dataDir: string,
  database: Database,
  log: FastifyBaseLogger,
): Promise<MembersSocket | undefined> {
  const path = membersSocketPath(dataDir);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH_BYTES) {
    // Node would silently cut the name short: a socket nobody would find.
    log.warn(`The members command needs the server stopped: ${path} is too long for a socket`);
    return undefined;
  }
  const waiting = new Set<Socket>();
  // Half-open: the command ends its side when it has sent, and still reads the answer.
  const server = createServer({ allowHalfOpen: true }, (socket) => {
    waiting.add(socket);
    socket.setTimeout(IDLE_MS, () => socket.destroy());
    socket.on('error', () => socket.destroy());
    const chunks: Buffer[] = [];
    let size = 0;
    socket.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) socket.destroy();
      else chunks.push(chunk);
    });
    socket.on('end', () => {
      waiting.delete(socket);
      void answer(Buffer.concat(chunks).toString('utf8'), database, log).then((reply) =>
        socket.end(`${JSON.stringify(reply)}\n`),
      );
    });
    socket.on('close', () => waiting.delete(socket));
  });
  // Bound in a directory only we can enter, made private, then moved into place.
  const privateDir = mkdtempSync(join(dataDir, '.members-'));
  try {
    const bound = join(privateDir, SOCKET_FILE);
    server.listen(bound);
    await once(server, 'listening');
    chmodSync(bound, 0o600);
    // Our lock on DATA_DIR says any socket there is a dead server's: replaced.
    renameSync(bound, path);
  } catch (error) {
    server.close();
    log.warn({ error: loggableError(error) }, 'The members command needs the server stopped');
    return undefined;
  } finally {
    rmSync(privateDir, { recursive: true, force: true });
  }
  return {
    close: async () => {
      const closed = new Promise((settle) => server.close(settle));
      for (const socket of waiting) socket.destroy();
      await closed;
      rmSync(path, { force: true });
    },
  };
}

async function answer(request: string, database: Database, log: FastifyBaseLogger) {
  let args: unknown;
  try {
    args = (JSON.parse(request) as { args?: unknown }).args;
  } catch {
    // Answered below as any other request that is not a members command.
  }
  const parsed = isArgs(args) ? parseMembersCommand(args) : { problem: 'not a members command' };
  if ('problem' in parsed) return { error: parsed.problem } satisfies Answer;
  try {
    const stdout = await runMembersCommand(database, parsed.command);
    if (parsed.command.action !== 'list') {
      log.info(`Inbox members: ${stdout.trim()} (npm run submissions -- members)`);
    }
    return { stdout } satisfies Answer;
  } catch (error) {
    log.error({ error: loggableError(error) }, 'A members command failed');
    return { error: `The server could not run it: ${loggableError(error).message}` };
  }
}

const isArgs = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((arg) => typeof arg === 'string');

/**
 * The command's side: hands the arguments after `members` to the server
 * holding DATA_DIR. Undefined when no server listens there (another process
 * holds the lock, or a server from before this socket).
 */
export async function sendMembersCommand(
  dataDir: string,
  args: readonly string[],
): Promise<Answer | undefined> {
  const socket = createConnection(membersSocketPath(dataDir));
  const connected = await new Promise<boolean>((settle) => {
    socket.once('connect', () => settle(true));
    socket.once('error', () => settle(false));
  });
  if (!connected) return undefined;
  socket.end(JSON.stringify({ args }));
  let text = '';
  socket.setEncoding('utf8');
  try {
    for await (const chunk of socket) text += chunk as string;
    return JSON.parse(text) as Answer;
  } catch {
    return { error: 'The server closed the members command without an answer' };
  }
}

/**
 * A port that is taken stops the start with a message that says the likeliest reason (this
 * server is already running: `npm start` in a second terminal) and which setting moves it, for
 * the site's port and the local mailbox's alike (docs/local-mailbox.md).
 */
import { createServer, type Server } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { sitePortFree } from '../../server/port-taken.ts';
import { parseServerConfig } from '../../server/settings/read-settings.ts';
import { startServer } from '../../server/start.ts';
import { freshBackend } from './support/backends.ts';

/** A port something else already listens on, as a server started earlier would. */
async function takenPort(): Promise<number> {
  const holder: Server = createServer();
  await new Promise<void>((listening) => holder.listen(0, '127.0.0.1', listening));
  onTestFinished(() => new Promise<void>((closed) => holder.close(() => closed())));
  return (holder.address() as { port: number }).port;
}

/** The server as `npm start` starts it, from these settings; what it says when it cannot. */
async function startingFails(env: Record<string, string>): Promise<string> {
  const backend = await freshBackend('embedded');
  onTestFinished(() => backend.dispose());
  const config = parseServerConfig({ DATA_DIR: backend.options.dataDir, ...env });
  const started = startServer({
    ...config,
    proofOfWork: backend.options.proofOfWork,
    logger: false,
  });
  const error = await started.then(
    async (server) => {
      await server.close();
      throw new Error('the server started on a taken port');
    },
    (refused: unknown) => refused,
  );
  return (error as Error).message;
}

describe('a taken port', () => {
  it('of the site: asks whether the server is already running, and names PORT', async () => {
    const port = await takenPort();
    const message = await startingFails({ PORT: String(port), MAILBOX_PORT: '0' });
    expect(message).toBe(
      `Port ${port} is taken: is this server already running (npm start in another terminal)? Stop it, or set PORT to another port (0 picks a free one)`,
    );
  });

  it('of the local mailbox: asks the same before naming MAILBOX_PORT', async () => {
    const port = await takenPort();
    const message = await startingFails({ PORT: '0', MAILBOX_PORT: String(port) });
    expect(message).toBe(
      `The local mailbox's port ${port} is taken: is this server already running (npm start in another terminal)? Stop it, or set MAILBOX_PORT to another port (0 picks a free one)`,
    );
  });

  it('of the site, asked by npm start before it builds: the same words; a free port passes', async () => {
    const port = await takenPort();
    await expect(sitePortFree(port, '127.0.0.1')).rejects.toThrow(
      `Port ${port} is taken: is this server already running (npm start in another terminal)? Stop it, or set PORT to another port (0 picks a free one)`,
    );
    await expect(sitePortFree(0, '127.0.0.1')).resolves.toBeUndefined();
    // A port let go again is free, and the probe lets go of it too: the server listens there next.
    const holder = createServer();
    await new Promise<void>((listening) => holder.listen(0, '127.0.0.1', listening));
    const freed = (holder.address() as { port: number }).port;
    await new Promise<void>((closed) => holder.close(() => closed()));
    await expect(sitePortFree(freed, '127.0.0.1')).resolves.toBeUndefined();
    await expect(sitePortFree(freed, '127.0.0.1')).resolves.toBeUndefined();
  });
});

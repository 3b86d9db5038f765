import { createServer } from 'node:net';

/**
 * What a start says when its port is taken. The likeliest reason on an owner's machine is this
 * server already running (`npm start` in a second terminal), which moving the port would not
 * fix, so that is asked before the setting is named. One wording for the site's port and the
 * local mailbox's.
 */
export function whenPortTaken(port: number, setting: 'PORT' | 'MAILBOX_PORT', what: string) {
  return (error: NodeJS.ErrnoException): never => {
    if (error.code !== 'EADDRINUSE') throw error;
    throw new Error(
      `${what} ${port} is taken: is this server already running (npm start in another terminal)? ` +
        `Stop it, or set ${setting} to another port (0 picks a free one)`,
    );
  };
}

/**
 * Resolves when the site's port is free, throwing what a taken one says otherwise. `npm start`
 * asks before it builds the site: the build empties dist/ under a server that may already be
 * serving it from there. Any other trouble is left for the server's own start to report.
 */
export async function sitePortFree(port: number, host: string): Promise<void> {
  if (port === 0) return;
  const probe = createServer();
  await new Promise<void>((free, taken) => {
    probe.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' ? taken(error) : free(),
    );
    probe.listen({ port, host }, () => probe.close(() => free()));
  }).catch(whenPortTaken(port, 'PORT', 'Port'));
}

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

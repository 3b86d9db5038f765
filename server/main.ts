/**
 * The server process: `node --import tsx server/main.ts`. Reads the
 * environment once, starts, and on SIGINT or SIGTERM finishes in-flight
 * requests, closes the database and exits 0. Pressed again later, it ends at
 * once (server/stop-signals.ts).
 */
import { readConfig } from './settings/read-settings.ts';
import { startServer } from './start.ts';
import { startLines } from './start-lines.ts';
import { stopOnSignals } from './stop-signals.ts';

const config = readConfig();
const starting = startServer({ ...config, logger: true });

// Listen for signals before announcing the URL: whoever reads it may signal at once.
// A signal during start-up waits for the start to finish, then closes.
stopOnSignals((signal) => {
  console.log(`${signal}: finishing requests in flight, then closing the database…`);
  starting
    .then((server) => server.close())
    .then(
      () => {
        console.log('Stopped cleanly.');
        process.exit(0);
      },
      (error: unknown) => {
        console.error('Shutdown failed:', error);
        process.exit(1);
      },
    );
});

const server = await starting.catch((error: unknown) => {
  console.error(`The server could not start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
console.log(startLines(server));

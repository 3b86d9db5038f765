/**
 * The server process: `node --import tsx server/main.ts`. Reads the
 * environment once, starts, and on SIGINT or SIGTERM finishes in-flight
 * requests, closes the database and exits 0. A second signal kills at once.
 */
import { readConfig } from './settings/read-settings.ts';
import { startServer } from './start.ts';
import { startLines } from './start-lines.ts';

const config = readConfig();
const starting = startServer({ ...config, logger: true });

// Listen for signals before announcing the URL: whoever reads it may signal at once.
// A signal during start-up waits for the start to finish, then closes.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
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
}

const server = await starting.catch((error: unknown) => {
  console.error(`The server could not start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
console.log(startLines(server));

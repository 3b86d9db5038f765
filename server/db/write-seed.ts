/**
 * Writes the embedded database's seed (server/db/embedded-seed.ts), for scripts/build-server.mjs,
 * which runs it as a process of its own.
 *
 *   node build/server/db/write-seed.js <directory>
 */
import { writeSeed } from './embedded-seed.ts';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: write-seed <directory>');
  process.exit(2);
}
await writeSeed(dir);

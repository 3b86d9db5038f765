/**
 * Writes the embedded database's seed (server/db/embedded-seed.ts): PGlite's initdb into an empty
 * directory, closed cleanly. Run by scripts/build-server.mjs as a process of its own, so the
 * memory initdb takes is given back when it exits.
 *
 *   node build/server/db/write-seed.js <directory>
 */
import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: write-seed <directory>');
  process.exit(2);
}
rmSync(dir, { recursive: true, force: true });
const pg = await PGlite.create({ dataDir: dir });
await pg.close();

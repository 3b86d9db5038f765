import {
  cpSync,
  existsSync,
  fsyncSync,
  openSync,
  closeSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { fileURLToPath } from 'node:url';

/**
 * A new embedded database starts as a copy of a seed: an empty cluster that `npm run build` made
 * with PGlite's initdb in a process of its own (server/db/write-seed.ts). initdb in WebAssembly
 * holds about 0.7 GB while it runs, and a process keeps WebAssembly memory once grown, so a server
 * that ran it held that much for its whole life; a server opening a copied cluster holds about
 * 0.35 GB (docs/operating.md, npm run bench:memory). The seed holds no secret: the migrations,
 * which make the database's keys, run when the server opens the copy.
 *
 * Beside the compiled server (build/server/pglite-seed); run from the sources (tsx, the tests)
 * there is none, and PGlite runs initdb itself.
 */
const SEED_DIR = fileURLToPath(new URL('../pglite-seed', import.meta.url));

/** Flushes every file and directory under `dir` to the disk, as initdb does when it ends. */
function syncTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isDirectory()) syncTree(path);
    else syncPath(path);
  }
  syncPath(dir);
}

function syncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Gives `pgdata` the seed's cluster if it holds none yet. The copy is made beside it, flushed and
 * renamed into place, so a start that stops half way leaves no half cluster for the next to
 * resume (PGlite would start on any directory holding PG_VERSION). Returns whether it did.
 */
export function plantSeed(pgdata: string, seed = SEED_DIR): boolean {
  if (existsSync(join(pgdata, 'PG_VERSION')) || !existsSync(join(seed, 'PG_VERSION'))) return false;
  const next = `${pgdata}.new`;
  rmSync(next, { recursive: true, force: true });
  cpSync(seed, next, { recursive: true });
  syncTree(next);
  // An empty pgdata may exist (a start that ran before this code, or a mount point's leftover).
  rmSync(pgdata, { recursive: true, force: true });
  renameSync(next, pgdata);
  syncPath(dirname(pgdata));
  return true;
}

/**
 * Makes the seed: PGlite's initdb into an empty `dir`, closed cleanly. The build runs it in a
 * process of its own (write-seed.ts), so initdb's memory is given back when that process exits.
 */
export async function writeSeed(dir: string): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  const pg = await PGlite.create({ dataDir: dir });
  await pg.close();
}

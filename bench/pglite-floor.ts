/**
 * PGlite's own floor, for bench/server-memory.ts: run as its own process, it
 * opens one database on an empty data directory and prints its memory as JSON.
 * `bare`: PGlite and pgcrypto with PGlite's defaults, nothing of ours.
 * `ours`: our embedded database as the server opens it (its settings and
 * migrations), without the HTTP server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { openDatabase } from '../server/db/open-database.ts';
import { processMemory } from './support/process-memory.ts';

/** How long the database sits idle before its resident memory is read, as the server's is. */
const IDLE_MS = Number(process.env.IDLE_MS ?? 20_000);

const dataDir = mkdtempSync(join(tmpdir(), 'bench-floor-'));
try {
  const close =
    process.argv[2] === 'ours'
      ? await openDatabase({ dataDir }).then((db) => () => db.close())
      : await PGlite.create({ dataDir, extensions: { pgcrypto } }).then((pg) => () => pg.close());
  const opened = processMemory('self').peakMb;
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const { rssMb, peakMb } = processMemory('self');
  const { heapUsed, external, arrayBuffers } = process.memoryUsage();
  const mb = (bytes: number) => bytes / 2 ** 20;
  console.log(
    JSON.stringify({
      opened,
      peak: peakMb,
      idle: rssMb,
      heapUsed: mb(heapUsed),
      external: mb(external),
      arrayBuffers: mb(arrayBuffers),
    }),
  );
  await close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

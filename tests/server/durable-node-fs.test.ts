import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  assertDurable,
  DurableNodeFS,
  durablePgliteOptions,
  PGLITE_CHECKED,
} from '../../server/db/durable-node-fs.ts';
import { PGDATA } from '../../server/db/embedded-database.ts';
import { freshBackend, type Backend } from './support/backends.ts';

/**
 * kill -9 is covered by persistence.test.ts; a power cut cannot be staged in a
 * test, so this checks the mechanism: PostgreSQL runs with fsync on, and every
 * commit really reaches fsync(2) on its way to the 201.
 */
describe('the embedded database on a power cut', () => {
  let backend: Backend;
  let pg: PGlite;
  let fs: DurableNodeFS;
  beforeAll(async () => {
    backend = await freshBackend('embedded');
    const options = durablePgliteOptions(join(backend.options.dataDir, PGDATA));
    fs = options.fs;
    pg = await PGlite.create(options);
  });
  afterAll(async () => {
    await pg?.close();
    await backend?.dispose();
  });

  it('runs PostgreSQL with fsync on, through a patched NODEFS', async () => {
    expect(fs.patched).toBe(true);
    const [settings] = (
      await pg.query<{ fsync: string; method: string }>(
        "select current_setting('fsync') as fsync, current_setting('wal_sync_method') as method",
      )
    ).rows;
    expect(settings).toEqual({ fsync: 'on', method: 'fsync' });
  });

  it('fsyncs the WAL at every commit', async () => {
    for (let i = 0; i < 5; i++) {
      const before = fs.syncs;
      await pg.query(
        "insert into contact_submissions (name, email, message) values ('A', 'a@b.co', 'm')",
      );
      expect(fs.syncs).toBeGreaterThan(before);
    }
  });
});

// A patch that does not apply stops the start, naming the version it was checked against.
describe('the durability patch', () => {
  it('refuses to run when it did not apply', () => {
    const unpatched = new DurableNodeFS('/nonexistent');
    expect(() => assertDurable(unpatched)).toThrow(
      `checked against PGlite ${PGLITE_CHECKED}) did not apply`,
    );
  });

  it('was checked against the PGlite that is installed', () => {
    const installed = JSON.parse(
      readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8'),
    ) as { version: string };
    expect(installed.version).toBe(PGLITE_CHECKED);
  });
});

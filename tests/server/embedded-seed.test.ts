import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { PGDATA } from '../../server/db/embedded-database.ts';
import { plantSeed, writeSeed } from '../../server/db/embedded-seed.ts';
import { startServer } from '../../server/start.ts';
import { BUILT } from '../support/built.ts';
import { exited, spawnServer } from '../support/child-server.ts';
import { VALID } from '../support/requests.ts';
import { TEST_PROOF_OF_WORK, withProof } from '../support/proof.ts';
import { SERVER_TEST_BUDGET_MS } from '../support/budgets.ts';

vi.setConfig({ testTimeout: SERVER_TEST_BUDGET_MS, hookTimeout: SERVER_TEST_BUDGET_MS });

const root = mkdtempSync(join(tmpdir(), 'seed-test-'));
const seed = join(root, 'seed');

beforeAll(() => writeSeed(seed));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const newDataDir = () => {
  const dir = mkdtempSync(join(root, 'data-'));
  return { dir, pgdata: join(dir, PGDATA) };
};

/** The first field of pg_control: the cluster's identity, drawn at random by initdb. */
const systemIdentifier = (pgdata: string) =>
  readFileSync(join(pgdata, 'global', 'pg_control'))
    .subarray(0, 8)
    .toString('hex');

const post = async (url: string) =>
  fetch(`${url}/rest/v1/contact_submissions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(await withProof(url, VALID)),
  });

describe('a new embedded database starts from the seed', () => {
  it('copies the seed whole into a new data directory, and the server migrates and stores there', async () => {
    const { dir, pgdata } = newDataDir();
    // What a start that stopped half way through a copy leaves behind.
    mkdirSync(`${pgdata}.new`);
    writeFileSync(join(`${pgdata}.new`, 'PG_VERSION'), 'half');
    writeFileSync(join(`${pgdata}.new`, 'base.partial'), '');

    expect(plantSeed(pgdata, seed)).toBe(true);
    expect(readdirSync(pgdata).sort()).toEqual(readdirSync(seed).sort());
    expect(existsSync(`${pgdata}.new`)).toBe(false);

    const server = await startServer({
      port: 0,
      dataDir: dir,
      distDir: '/nonexistent',
      proofOfWork: TEST_PROOF_OF_WORK,
    });
    onTestFinished(() => server.close());
    expect((await post(server.url)).status).toBe(201);
    expect(await server.query('select name, email, message from contact_submissions')).toEqual([
      VALID,
    ]);
  });

  it('never replaces a data directory that already holds a cluster', () => {
    const { pgdata } = newDataDir();
    mkdirSync(pgdata);
    writeFileSync(join(pgdata, 'PG_VERSION'), '17');
    writeFileSync(join(pgdata, 'leads'), 'an agency’s leads');

    expect(plantSeed(pgdata, seed)).toBe(false);
    expect(readdirSync(pgdata).sort()).toEqual(['PG_VERSION', 'leads']);
  });

  it('is built beside the compiled server, which starts on an empty directory from it', async () => {
    const builtSeed = join(BUILT.server, '..', 'pglite-seed');
    expect(existsSync(join(builtSeed, 'PG_VERSION'))).toBe(true);
    const { dir, pgdata } = newDataDir();
    const { child, url } = await spawnServer({ DATA_DIR: dir });
    try {
      expect((await post(url)).status).toBe(201);
    } finally {
      child.kill('SIGTERM');
      await exited(child);
    }
    // The seed's cluster, not one of initdb's: each initdb draws its own system identifier.
    expect(systemIdentifier(pgdata)).toBe(systemIdentifier(builtSeed));
  });
});

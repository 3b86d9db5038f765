import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { PLACEHOLDERS_FILE } from '../../server/build-placeholders.ts';
import { parseSiteEnv, placeholdersInUse } from '../../src/config/env.ts';
import { freshBackend } from './support/backends.ts';
import { spawnServer, type ChildServer } from '../support/child-server.ts';
import { until } from '../support/until.ts';
import { SERVER_TEST_BUDGET_MS } from '../support/budgets.ts';

// The build guard and the server run as processes.
vi.setConfig({ testTimeout: SERVER_TEST_BUDGET_MS });

const REAL = {
  VITE_SITE_URL: 'https://www.foreland.example',
  VITE_CONTACT_EMAIL: 'hello@foreland.example',
  VITE_CONTACT_PHONE: '0117 496 0000',
};
/** Empty wins over any .env file, and means "the default". */
const DEFAULTS = { VITE_SITE_URL: '', VITE_CONTACT_EMAIL: '', VITE_CONTACT_PHONE: '' };


function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'dist-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The step scripts/build.mjs runs once the site is written. */
function buildGuard(dist: string, env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-guard.ts', dist], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
}

describe('a production build with placeholder settings', () => {
  it('names each placeholder still in use, and none once all are set', () => {
    expect(placeholdersInUse(parseSiteEnv({}))).toEqual([
      'VITE_SITE_URL is still the placeholder "http://localhost:8080"',
      'VITE_CONTACT_EMAIL is still the placeholder "hello@example.com"',
      'VITE_CONTACT_PHONE is still the placeholder "01632 960123"',
    ]);
    expect(placeholdersInUse(parseSiteEnv({ ...REAL, VITE_CONTACT_PHONE: '' }))).toEqual([
      'VITE_CONTACT_PHONE is still the placeholder "01632 960123"',
    ]);
    expect(placeholdersInUse(parseSiteEnv(REAL))).toEqual([]);
  });

  it('says so loudly at build time', () => {
    const built = buildGuard(tempDir(), DEFAULTS);
    expect(built.status).toBe(0);
    expect(built.stderr).toContain('do not put it on the public site');
    expect(built.stderr).toContain('VITE_SITE_URL is still the placeholder');
    expect(built.stderr).toContain('VITE_CONTACT_EMAIL is still the placeholder');

    const clean = buildGuard(tempDir(), REAL);
    expect(clean.status).toBe(0);
    expect(clean.stderr).not.toContain('placeholder');
  });

  it('and in the server’s start-up log', async () => {
    const dist = tempDir();
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Site</title>');
    expect(buildGuard(dist, DEFAULTS).status).toBe(0);
    expect(
      JSON.parse(readFileSync(join(dist, PLACEHOLDERS_FILE), 'utf8')).placeholders,
    ).toHaveLength(3);

    const backend = await freshBackend('embedded');
    onTestFinished(() => backend.dispose());
    const server: ChildServer = await spawnServer({
      DATA_DIR: backend.options.dataDir,
      DIST_DIR: dist,
    });
    onTestFinished(() => void server.child.kill('SIGKILL'));
    // The log is written asynchronously: the URL may be announced first.
    await until(
      () => server.output().includes('do not put it on the public site'),
      10_000,
      'the placeholder warning',
    );
    // One JSON line at warning level, readable as it is: the list in its words and as a field.
    const warning = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string; placeholders?: string[] })
      .find((record) => record.msg.includes('do not put it on the public site'));
    expect(warning?.level).toBe(40);
    expect(warning?.msg).not.toContain('\n');
    expect(warning?.msg).toContain('VITE_CONTACT_PHONE is still the placeholder');
    expect(warning?.placeholders).toHaveLength(3);
  });
});

import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startServer, type RunningServer } from '../../server/start.ts';
import { copyMigratedDatabase } from './database-template.ts';
import { TEST_PROOF_OF_WORK } from './proof.ts';

/**
 * The project's own server on a free loopback port with a fresh embedded
 * database (a copy of the migrated template), serving a snapshot of the build: teammates rebuilding dist/ in the
 * same tree mid-run would otherwise swap the files under a test's feet.
 * Closing it also removes its database and snapshot.
 */
export async function startSiteServer(): Promise<RunningServer> {
  const workDir = await mkdtemp(join(tmpdir(), 'e2e-'));
  const removeWorkDir = () => rm(workDir, { recursive: true, force: true });
  try {
    const distDir = join(workDir, 'dist');
    const dataDir = join(workDir, 'data');
    await Promise.all([
      cp(resolve('dist'), distDir, { recursive: true }),
      copyMigratedDatabase(dataDir),
    ]);
    const server = await startServer({
      port: 0,
      host: '127.0.0.1',
      dataDir,
      distDir,
      logger: false,
      // A low difficulty keeps suites quick on a busy machine; tests/e2e/spam.spec.ts sends at the default.
      proofOfWork: TEST_PROOF_OF_WORK,
    });
    return { ...server, close: () => server.close().finally(removeWorkDir) };
  } catch (error) {
    await removeWorkDir();
    throw error;
  }
}

import { fileURLToPath } from 'node:url';

const built = (path: string) => fileURLToPath(new URL(`../../build/${path}`, import.meta.url));

/**
 * The server and the operator's tools as production runs them: compiled into build/ by
 * scripts/build-server.mjs, which the server tests' global setup runs once per run. A test that
 * starts one as a process runs this JavaScript, what `npm run serve`, `worker`, `backup` and
 * `submissions` exec, rather than the TypeScript through tsx: the code production runs, and
 * about half a second of CPU less for each process.
 */
export const BUILT = {
  server: built('server/main.js'),
  worker: built('server/worker.js'),
  backup: built('scripts/backup.js'),
  submissions: built('scripts/submissions.js'),
  doctor: built('scripts/doctor.js'),
  dataDirLock: built('server/db/data-dir-lock.js'),
};

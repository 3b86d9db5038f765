/**
 * `npm start`: builds the site, then serves it from this same process.
 *
 * npm runs a script through `sh -c`, and Debian's dash does not exec a lone
 * command: a process manager's SIGTERM reaches npm, npm passes it to the
 * shell, the shell dies and the server it started is orphaned, still holding
 * the embedded database's lock. So the script line is `exec node …` (the
 * shell becomes this process) and the server is imported, not spawned: the
 * process npm signals is the server, which finishes requests in flight and
 * closes the database (server/main.ts).
 */
import { spawn } from 'node:child_process';
import { loadEnvFile } from '../server/env-file.ts';

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/** Runs `npm run build`'s script as a child, passing on a stop signal so no build is orphaned. */
async function build(): Promise<{ code: number | null; stoppedBy?: NodeJS.Signals }> {
  const child = spawn(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  let stoppedBy: NodeJS.Signals | undefined;
  const forward = (signal: NodeJS.Signals) => {
    stoppedBy = signal;
    child.kill(signal);
  };
  for (const signal of SIGNALS) process.on(signal, forward);
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (exitCode) => resolve(exitCode));
    });
    return { code, stoppedBy };
  } finally {
    for (const signal of SIGNALS) process.off(signal, forward);
  }
}

// Before the build, so its child and then the server see the same values.
loadEnvFile();
const built = await build();
if (built.stoppedBy) {
  // Asked to stop before anything was served: nothing to close, so this is a clean stop.
  console.log(`${built.stoppedBy} during the build: stopped before serving.`);
  process.exit(0);
}
if (built.code !== 0) {
  console.error(`The build failed (exit ${built.code}); not starting the server.`);
  process.exit(built.code ?? 1);
}
await import('../server/main.ts');

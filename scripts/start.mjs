/**
 * `npm start`: builds the server and the site, then serves them from this same process.
 *
 * npm runs a script through `sh -c`, and Debian's dash does not exec a lone
 * command: a process manager's SIGTERM reaches npm, npm passes it to the
 * shell, the shell dies and the server it started is orphaned, still holding
 * the embedded database's lock. So the script line is `exec node …` (the
 * shell becomes this process) and the server is imported, not spawned: the
 * process npm signals is the server, which finishes requests in flight and
 * closes the database (server/main.ts). Plain JavaScript, like the compiled
 * server it starts: production needs no TypeScript loader.
 */
import { spawn } from 'node:child_process';

const SIGNALS = ['SIGINT', 'SIGTERM'];

/** Runs a build script as a child, passing on a stop signal so no build is orphaned. */
async function step(script) {
  const child = spawn(process.execPath, [script], { stdio: 'inherit' });
  let stoppedBy;
  const forward = (signal) => {
    stoppedBy = signal;
    child.kill(signal);
  };
  for (const signal of SIGNALS) process.on(signal, forward);
  try {
    const code = await new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (exitCode) => resolve(exitCode));
    });
    if (stoppedBy) {
      // Asked to stop before anything was served: nothing to close, so this is a clean stop.
      console.log(`${stoppedBy} during the build: stopped before serving.`);
      process.exit(0);
    }
    if (code !== 0) {
      console.error(`The build failed (exit ${code}); not starting the server.`);
      process.exit(code ?? 1);
    }
  } finally {
    for (const signal of SIGNALS) process.off(signal, forward);
  }
}

await step('scripts/build-server.mjs');
// The settings (.env, then the environment) before the site's build, so its child and then the
// server see the same values; a bad one stops here, before a build that would be for nothing.
const { readConfig } = await import('../build/server/settings/read-settings.js');
const { port, host } = readConfig();
// And the port: the build empties dist/, under the server a second `npm start` finds there.
const { sitePortFree } = await import('../build/server/port-taken.js');
await sitePortFree(port, host).catch((error) => {
  console.error(`The server could not start: ${error.message}`);
  process.exit(1);
});
await step('scripts/build.mjs');
await import('../build/server/main.js');

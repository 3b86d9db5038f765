// Runs the unit and server tests with the machine's clock moved to a given moment, to find a test
// whose outcome depends on the day or hour it runs (docs/testing.md, "Tests on any day"). The clock
// moves by libfaketime (Debian's libfaketime), an offset from now, so time still passes:
// Node, PGlite and the throwaway PostgreSQL all read it. Browser tests are left out: Chromium does
// not run under libfaketime, and they set the page's clock themselves (page.clock).
//
//   node scripts/date-sweep.mjs 2026-12-24T21:30:00Z [vitest arguments...]
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const LIBFAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
const [at, ...vitestArgs] = process.argv.slice(2);
const moment = Date.parse(at ?? '');
if (Number.isNaN(moment)) {
  console.error(
    'Usage: node scripts/date-sweep.mjs <ISO moment, e.g. 2027-03-28T00:45:00Z> [vitest args]',
  );
  process.exit(2);
}
if (!existsSync(LIBFAKETIME)) {
  console.error(`No ${LIBFAKETIME}: apt-get install libfaketime`);
  process.exit(2);
}
const offsetSeconds = Math.round((moment - Date.now()) / 1000);
console.log(
  `Clock moved to ${new Date(moment).toISOString()} (${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds} s)`,
);
const run = spawnSync('npx', ['vitest', 'run', ...vitestArgs], {
  stdio: 'inherit',
  env: {
    ...process.env,
    LD_PRELOAD: LIBFAKETIME,
    FAKETIME: `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}`,
    // Child processes (PostgreSQL, spawned servers) read the same offset, not one of their own.
    FAKETIME_DONT_RESET: '1',
    DONT_FAKE_MONOTONIC: '1',
  },
});
process.exit(run.status ?? 1);

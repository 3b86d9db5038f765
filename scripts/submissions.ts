/**
 * The operator's command for leads and inbox members (docs/operating.md),
 * compiled by `npm run build` and run as
 *
 *   npm run -s submissions -- export [--format json|csv]   every submission, oldest first, to stdout
 *   npm run -s submissions -- outbox [--format json|csv]   leads not yet emailed or posted, per channel
 *   npm run -s submissions -- delete --email ADDRESS        everything sent from an address (erasure)
 *   npm run -s submissions -- purge [--dry-run]             what retention says must go, listed
 *   npm run -s submissions -- members list|add|remove …     who may sign in to the inbox
 *
 * The commands and their usage text are server/submissions-cli.ts's; this file
 * reads .env and hands them the environment. The database is DATABASE_URL's,
 * or the embedded one in DATA_DIR (./data), which admits one process at a
 * time: stop the server first, except for `members`, which is handed to a
 * running server (docs/inbox.md). It exits 2 on a usage error (printing the
 * usage), 1 when the command fails (a bad setting, a locked database).
 */
import { loadEnvFile } from '../server/env-file.ts';
import { runSubmissionsCli } from '../server/submissions-cli.ts';

loadEnvFile();
process.exitCode = await runSubmissionsCli(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});

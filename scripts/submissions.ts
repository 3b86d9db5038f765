/**
 * Reading leads, with the server stopped (the embedded database admits one
 * process at a time; only `members` is handed to a running server, see
 * docs/inbox.md):
 *
 *   node --import tsx scripts/submissions.ts export [--format json|csv]
 *   node --import tsx scripts/submissions.ts delete --email ADDRESS
 *
 * `export` writes every submission, oldest first, to stdout; `delete` removes
 * everything sent from an address (a deletion request) and says how many.
 * The database is DATABASE_URL's, or the embedded one in DATA_DIR (./data).
 */
import { loadEnvFile } from '../server/env-file.ts';
import { runSubmissionsCli } from '../server/submissions-cli.ts';

loadEnvFile();
process.exitCode = await runSubmissionsCli(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});

/**
 * `npm run doctor` (docs/deploying.md, "Check the setup"): reads .env and the environment as the
 * server does, and says for each part of a real deployment whether it will work and what to set.
 * Compiled by `npm run build`; exits 1 when a part will not work.
 */
import { loadEnvFile } from '../server/env-file.ts';
import { runDoctor } from '../server/doctor/run-doctor.ts';

loadEnvFile();
process.exitCode = await runDoctor(process.env, (line) => console.log(line));

// Compiles the server and the operator's tools (tsconfig.server.json) into build/, with the
// migrations beside them where server/db/migrations.ts looks for them, so production runs plain
// JavaScript on Node: `npm run serve`, `npm run worker` and the command-line tools, no loader.
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';

const OUT = 'build';
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

rmSync(OUT, { recursive: true, force: true });
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.server.json'], { stdio: 'inherit' });
cpSync('supabase/migrations', `${OUT}/supabase/migrations`, { recursive: true });

/**
 * Run by scripts/build.mjs after the build: names every placeholder setting
 * the build still used (src/config/env.ts, placeholdersInUse), loudly, and
 * records them beside the site so the server repeats them at start-up. The
 * build still succeeds: `npm start` on a laptop is meant to work as it is.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadEnv } from 'vite';
import { PLACEHOLDERS_FILE, placeholderWarning } from '../server/build-placeholders.ts';
import { parseSiteEnv, placeholdersInUse } from '../src/config/env.ts';

const DIST = process.argv[2] ?? 'dist';

// As vite.config.ts reads it for `vite build` (mode production).
const env = { ...loadEnv('production', process.cwd(), 'VITE_'), ...process.env };
const placeholders = placeholdersInUse(parseSiteEnv(env));
writeFileSync(join(DIST, PLACEHOLDERS_FILE), `${JSON.stringify({ placeholders }, null, 2)}\n`);
if (placeholders.length > 0) console.warn(`\n${placeholderWarning(placeholders)}\n`);

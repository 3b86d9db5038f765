// Writes <dist>/_headers for static hosts (server/headers/headers-file.ts), with
// the build's own configuration: the page may connect to where it posts.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadEnv } from 'vite';
import { parseSiteEnv } from '../src/config/env.ts';
import { HEADERS_FILE, renderHeadersFile } from '../server/headers/headers-file.ts';

const distDir = process.argv[2];
if (!distDir) throw new Error('usage: write-headers.ts <dist directory>');
// As vite.config.ts reads it for `vite build` (mode production).
const config = parseSiteEnv({ ...loadEnv('production', process.cwd(), 'VITE_'), ...process.env });
const connectSrc = config.apiUrl ? [new URL(config.apiUrl).origin] : [];
writeFileSync(join(distDir, HEADERS_FILE), renderHeadersFile(distDir, connectSrc));

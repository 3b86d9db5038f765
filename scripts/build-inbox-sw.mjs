// The installed inbox's files (docs/alerts.md), written after the inbox's own
// build: its manifest, and its service worker with the shell's hashed file
// names written into it, so the worker stores exactly this build's shell and
// a deploy that changes any of them is a new worker (the browser compares bytes).
import { createHash } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'vite';

const SW_SOURCE = 'src/inbox/sw/service-worker.ts';
const SW_FILE = 'inbox/sw.js';
const MANIFEST_FILE = 'inbox/manifest.webmanifest';
/** Shell files besides the build's chunks: the page itself, what installs it, and what an alert shows. */
const SHELL_EXTRAS = [
  '/inbox/',
  '/inbox/manifest.webmanifest',
  '/inbox/icon-192.png',
  '/inbox/badge-96.png',
];

/**
 * Every file of the inbox's own build, from Vite's manifest: its entry, the
 * chunks it loads later (sonner's), its one stylesheet (cssCodeSplit is off,
 * so the CSS is a manifest entry of its own). The build is the inbox's alone.
 */
function shellFiles(manifest) {
  const files = new Set();
  for (const chunk of Object.values(manifest)) {
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) {
      if (file) files.add(`/${file}`);
    }
  }
  if (![...files].some((file) => file.endsWith('.css'))) {
    throw new Error("build-inbox-sw: the inbox's manifest names no stylesheet");
  }
  return [...files].sort();
}

/** Writes dist/inbox/manifest.webmanifest and dist/inbox/sw.js; resolves to the shell's paths. */
export async function buildInboxWorker({ dist, buildMeta, manifestJson }) {
  await writeFile(join(dist, MANIFEST_FILE), manifestJson);
  const manifest = JSON.parse(await readFile(join(buildMeta, 'inbox-manifest.json'), 'utf8'));
  const shell = [...SHELL_EXTRAS, ...shellFiles(manifest)];
  const version = createHash('sha256').update(JSON.stringify(shell)).digest('hex').slice(0, 16);
  await build({
    logLevel: 'warn',
    define: {
      __INBOX_SHELL__: JSON.stringify(shell),
      __INBOX_SHELL_VERSION__: JSON.stringify(version),
    },
    build: {
      outDir: dist,
      emptyOutDir: false,
      copyPublicDir: false,
      manifest: false,
      rolldownOptions: {
        input: SW_SOURCE,
        // A classic script: module workers are not in every browser that installs the inbox.
        output: { format: 'iife', entryFileNames: SW_FILE },
      },
    },
  });
  await rm(join(dist, '.vite'), { recursive: true, force: true });
  return shell;
}

// Builds the inbox (/inbox/, docs/inbox.md): its own Vite build of
// inbox/index.html into the same dist/, so no module of it can land in a chunk
// of the public page, and the page's build and manifest stay exactly as they
// were. Prerendered signed out: the sign-in form is in the HTML.
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { buildInboxWorker } from './build-inbox-sw.mjs';

export const INBOX_HTML = 'inbox/index.html';

/**
 * Writes dist/inbox/index.html and its assets, and its manifest beside the
 * page's (<dist>-meta/inbox-manifest.json, for bench/inbox-bundle.ts).
 * Resolves to the prerendered HTML, whose inline scripts the CSP must allow.
 * `sourcemap` is Vite's option for the inbox's chunks, as the page's build has it.
 */
export async function buildInbox({ dist, buildMeta, ssrDir, sourcemap }) {
  await build({
    logLevel: 'warn',
    build: {
      outDir: dist,
      emptyOutDir: false,
      copyPublicDir: false,
      sourcemap,
      rolldownOptions: { input: INBOX_HTML },
    },
  });
  await rename(join(dist, '.vite', 'manifest.json'), join(buildMeta, 'inbox-manifest.json'));
  await rm(join(dist, '.vite'), { recursive: true, force: true });

  await build({
    logLevel: 'warn',
    build: {
      ssr: 'src/inbox/entry-server.tsx',
      outDir: ssrDir,
      emptyOutDir: true,
      copyPublicDir: false,
    },
  });
  const { render, renderHead, renderManifest } = await import(
    pathToFileURL(join(ssrDir, 'entry-server.js')).href
  );
  const path = join(dist, INBOX_HTML);
  const html = (await readFile(path, 'utf8'))
    .replace('<!--head-->', renderHead())
    .replace('<!--app-html-->', render());
  if (html.includes('<!--app-html-->') || html.includes('<!--head-->')) {
    throw new Error(`Prerender failed: placeholders left in ${path}`);
  }
  await writeFile(path, html);
  await rm(ssrDir, { recursive: true, force: true });
  // The worker is built once the page is written: its shell names the page's hashed files.
  await buildInboxWorker({ dist, buildMeta, manifestJson: renderManifest() });
  return html;
}

// Builds the site: assets, the client bundle, a server-side bundle used once to
// prerender every word of the page into dist/index.html (then removed), the
// configuration-dependent files beside it, CSP hashes of the inline scripts,
// and brotli/gzip copies of every text file for the server to send as they are.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { buildInbox } from './build-inbox.mjs';
import { moveSourceMaps } from './source-maps.mjs';

// DIST_DIR, as the server reads it: a test builds a second site beside dist/ this way.
const DIST = process.env.DIST_DIR?.trim() || 'dist';
// One per output directory, so two builds with different outputs never share it.
const SSR_DIR = join('.tmp', 'ssr', basename(resolve(DIST)));
/** Build metadata (Vite's manifest, for bench/first-view.ts): beside the output, never served. */
const BUILD_META = `${DIST.replace(/\/+$/, '')}-meta`;
/**
 * Source maps of the page's and the inbox's chunks, for the browser tests' coverage
 * (docs/testing.md). 'hidden': no sourceMappingURL comment, so the served files keep their bytes;
 * the maps are moved beside the manifests, where nothing serves them.
 */
const SOURCE_MAPS = 'hidden';
const COMPRESSIBLE = /\.(html|js|css|svg|xml|txt|webmanifest|ico)$/;

execFileSync(process.execPath, ['--import', 'tsx', 'scripts/generate-assets.ts'], {
  stdio: 'inherit',
});

await build({
  logLevel: 'warn',
  build: { outDir: DIST, emptyOutDir: true, sourcemap: SOURCE_MAPS },
});
// public/.gitignore keeps generated assets out of git; it has no place on the site.
await rm(join(DIST, '.gitignore'), { force: true });
// Vite writes its manifest into dist/.vite/, which would put source paths on the site.
await mkdir(BUILD_META, { recursive: true });
await rename(join(DIST, '.vite', 'manifest.json'), join(BUILD_META, 'vite-manifest.json'));
await rm(join(DIST, '.vite'), { recursive: true, force: true });
const inboxHtml = await buildInbox({
  dist: DIST,
  buildMeta: BUILD_META,
  ssrDir: `${SSR_DIR}-inbox`,
  sourcemap: SOURCE_MAPS,
});
await moveSourceMaps(DIST, join(BUILD_META, 'sourcemaps'));
await build({
  logLevel: 'warn',
  build: { ssr: 'src/entry-server.tsx', outDir: SSR_DIR, emptyOutDir: true, copyPublicDir: false },
});

const { render, renderHead, renderSiteFiles, renderNativeFormPages } = await import(
  pathToFileURL(join(SSR_DIR, 'entry-server.js')).href
);
const template = await readFile(join(DIST, 'index.html'), 'utf8');
// The inline scripts are already in place (scripts/inline-boot-scripts.ts, a Vite plugin).
const html = template.replace('<!--head-->', renderHead()).replace('<!--app-html-->', render());
if (html.includes('<!--app-html-->') || html.includes('<!--head-->')) {
  throw new Error('Prerender failed: placeholders left in dist/index.html');
}
await writeFile(join(DIST, 'index.html'), html);
for (const [name, content] of Object.entries(renderSiteFiles())) {
  await writeFile(join(DIST, name), content);
}
// The pages a form sent without JavaScript is answered with (server/native-form/native-form-plugin.ts):
// the page's own theme script (so the same CSP hash), a title of their own, no bundle, not indexed.
const entry = template.match(/\s*<script data-entry="[^"]*">[\s\S]*?<\/script>/);
if (!entry) throw new Error('Build: no entry loader script found in dist/index.html');
const replyShell = ({ head, body }) =>
  template.replace(entry[0], '').replace('<!--head-->', head).replace('<!--app-html-->', body);
for (const [file, page] of Object.entries(renderNativeFormPages())) {
  await mkdir(join(DIST, dirname(file)), { recursive: true });
  await writeFile(join(DIST, file), replyShell(page));
}
await rm(SSR_DIR, { recursive: true, force: true });

// The server's Content-Security-Policy allows exactly these inline scripts (no 'unsafe-inline').
const inlineScripts = [
  ...(html + inboxHtml).matchAll(
    /<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g,
  ),
];
const scriptHashes = [
  ...new Set(
    inlineScripts.map(
      ([, body]) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
    ),
  ),
];
await writeFile(
  join(DIST, 'csp-hashes.json'),
  JSON.stringify({ scriptSrc: scriptHashes }, null, 2),
);

// The same headers for a static host (Netlify, Cloudflare Pages): dist/_headers.
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/write-headers.ts', DIST], {
  stdio: 'inherit',
});

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}
let compressed = 0;
for await (const path of files(DIST)) {
  if (!COMPRESSIBLE.test(path)) continue;
  const body = await readFile(path);
  const brotli = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  await writeFile(`${path}.br`, brotli);
  await writeFile(`${path}.gz`, gzipSync(body, { level: 9 }));
  compressed++;
}

// Once the site is written: names any placeholder settings it was built with.
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-guard.ts', DIST], {
  stdio: 'inherit',
});

console.log(
  `Prerendered ${DIST}/index.html (${Buffer.byteLength(html)} bytes); ${compressed} files precompressed` +
    `; ${scriptHashes.length} inline script hash(es)`,
);

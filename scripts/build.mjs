// Builds the site: assets, the client bundle, a server-side bundle used once to
// prerender every word of the page into dist/index.html (then removed), the
// configuration-dependent files beside it, CSP hashes of the inline scripts,
// and brotli/gzip copies of every text file for the server to send as they are.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const DIST = 'dist';
const SSR_DIR = '.tmp/ssr';
/** Build metadata (Vite's manifest, for bench/first-view.ts): beside dist/, never served. */
const BUILD_META = 'dist-meta';
const COMPRESSIBLE = /\.(html|js|css|svg|xml|txt|webmanifest|ico)$/;

execFileSync(process.execPath, ['--import', 'tsx', 'scripts/generate-assets.ts'], {
  stdio: 'inherit',
});

await build({ logLevel: 'warn' });
// public/.gitignore keeps generated assets out of git; it has no place on the site.
await rm(join(DIST, '.gitignore'), { force: true });
// Vite writes its manifest into dist/.vite/, which would put source paths on the site.
await mkdir(BUILD_META, { recursive: true });
await rename(join(DIST, '.vite', 'manifest.json'), join(BUILD_META, 'vite-manifest.json'));
await rm(join(DIST, '.vite'), { recursive: true, force: true });
await build({
  logLevel: 'warn',
  build: { ssr: 'src/entry-server.tsx', outDir: SSR_DIR, emptyOutDir: true, copyPublicDir: false },
});

const { render, renderHead, renderSiteFiles } = await import(
  pathToFileURL(join(SSR_DIR, 'entry-server.js')).href
);
const template = await readFile(join(DIST, 'index.html'), 'utf8');
// The client bundle is requested only once the first contentful paint is on
// screen (its paint-timing entry arrives after presentation), so it never
// competes with the HTML and CSS for the first render nor delays the largest
// paint, which the hero's text makes in that same frame; hydration follows.
// Without paint timing, one frame is waited instead; 1.5 s is a safety net.
const entry = template.match(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/);
if (!entry) throw new Error('Build: no module entry script found in dist/index.html');
const loader = `<script>(function () {
      var started = false;
      function load() {
        if (started) return;
        started = true;
        var script = document.createElement('script');
        script.type = 'module';
        script.src = '${entry[1]}';
        document.body.appendChild(script);
      }
      var Observer = window.PerformanceObserver;
      if (Observer && (Observer.supportedEntryTypes || []).indexOf('paint') >= 0) {
        new Observer(function (list) {
          if (list.getEntriesByName('first-contentful-paint').length) setTimeout(load);
        }).observe({ type: 'paint', buffered: true });
        setTimeout(load, 1500);
      } else {
        requestAnimationFrame(function () { setTimeout(load); });
      }
    })();</script>`;
const html = template
  .replace(entry[0], '')
  .replace('</body>', `  ${loader}\n  </body>`)
  .replace('<!--head-->', renderHead())
  .replace('<!--app-html-->', render());
if (html.includes('<!--app-html-->') || html.includes('<!--head-->')) {
  throw new Error('Prerender failed: placeholders left in dist/index.html');
}
await writeFile(join(DIST, 'index.html'), html);
for (const [name, content] of Object.entries(renderSiteFiles())) {
  await writeFile(join(DIST, name), content);
}
await rm(SSR_DIR, { recursive: true, force: true });

// The server's Content-Security-Policy allows exactly these inline scripts (no 'unsafe-inline').
const inlineScripts = [
  ...html.matchAll(
    /<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g,
  ),
];
const scriptHashes = inlineScripts.map(
  ([, body]) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
);
await writeFile(
  join(DIST, 'csp-hashes.json'),
  JSON.stringify({ scriptSrc: scriptHashes }, null, 2),
);

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

console.log(
  `Prerendered ${DIST}/index.html (${Buffer.byteLength(html)} bytes); ${compressed} files precompressed` +
    (existsSync(join(DIST, 'csp-hashes.json'))
      ? `; ${scriptHashes.length} inline script hash(es)`
      : ''),
);

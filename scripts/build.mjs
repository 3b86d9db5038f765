// Builds the site: assets, the client bundle, a server-side bundle used once to
// prerender every word of the page into dist/index.html, then removes that bundle.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = process.cwd();
const ssrDir = `${root}/dist-ssr`;

if (existsSync('scripts/generate-assets.ts')) {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/generate-assets.ts'], {
    stdio: 'inherit',
  });
}

await build({ logLevel: 'warn' });
await build({
  logLevel: 'warn',
  build: { ssr: 'src/entry-server.tsx', outDir: ssrDir, emptyOutDir: true, copyPublicDir: false },
});

const { render, renderHead } = await import(pathToFileURL(`${ssrDir}/entry-server.js`).href);
const template = await readFile('dist/index.html', 'utf8');
const html = template.replace('<!--head-->', renderHead()).replace('<!--app-html-->', render());
if (html.includes('<!--app-html-->') || html.includes('<!--head-->')) {
  throw new Error('Prerender failed: placeholders left in dist/index.html');
}
await writeFile('dist/index.html', html);
await rm(ssrDir, { recursive: true, force: true });

console.log(`Prerendered dist/index.html (${Buffer.byteLength(html)} bytes)`);

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { size, type AssetSize } from '../tests/support/first-view-budget.ts';

export { FIRST_VIEW_BUDGET, type AssetSize } from '../tests/support/first-view-budget.ts';

/** One chunk of Vite's build manifest (dist-meta/vite-manifest.json, beside dist/; scripts/build.mjs). */
export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/** `file`: the page's manifest, or the inbox's (inbox-manifest.json, scripts/build-inbox.mjs). */
export function readManifest(dist: string, file = 'vite-manifest.json'): Manifest {
  const path = join(`${resolve(dist)}-meta`, file);
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

/** Files reached from `keys` through static imports (what the browser must fetch with them). */
export function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    manifest[key].imports?.forEach(visit);
  };
  keys.forEach(visit);
  return seen;
}

const filesOf = (manifest: Manifest, keys: Set<string>) =>
  [...keys].flatMap((key) => [manifest[key]!.file, ...(manifest[key]!.css ?? [])]);

/**
 * What the page loads before any interaction (the entry and its static
 * imports) and what it loads later (every dynamic import, e.g. on submit).
 */
export function bundleSizes(dist = 'dist') {
  const manifest = readManifest(dist);
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const firstKeys = closure(manifest, entries);
  const lazyRoots = [...firstKeys].flatMap((key) => manifest[key]!.dynamicImports ?? []);
  const lazyKeys = [...closure(manifest, lazyRoots)].filter((key) => !firstKeys.has(key));
  // Stylesheets are linked from index.html (one CSS file: cssCodeSplit is off).
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const linked = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map(
    (m) => m[1]!,
  );
  const firstView = [...new Set([...filesOf(manifest, firstKeys), ...linked])].map((file) =>
    size(dist, file),
  );
  const onDemand = [...new Set(filesOf(manifest, new Set(lazyKeys)))].map((file) =>
    size(dist, file),
  );
  const total = (list: AssetSize[], ext: string) =>
    list.filter((a) => a.file.endsWith(ext)).reduce((sum, a) => sum + a.gzip, 0);
  return {
    firstView,
    onDemand,
    firstViewJsGzip: total(firstView, '.js'),
    firstViewCssGzip: total(firstView, '.css'),
    onDemandJsGzip: total(onDemand, '.js'),
  };
}

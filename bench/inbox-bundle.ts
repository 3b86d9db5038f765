/**
 * The inbox's bundle (/inbox/, docs/inbox.md): every file it loads on opening
 * and later (toasts), in gzip and brotli bytes as the server sends them; then
 * the public page's first view, with what confirms the inbox left it alone:
 * no module of the inbox in the page's build, no file shared with the
 * inbox's entry, and, given `--baseline <dist>` (a build of the branch
 * before the inbox, e.g. main's), the very same content-hashed files.
 * A benchmark that prints figures; it exits non-zero only when the inbox
 * reached the page. Run `npm run build` first.
 *
 *   node --import tsx bench/inbox-bundle.ts [--dist dist] [--baseline ../main/dist]
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { bundleSizes, closure, readManifest } from './first-view.ts';

const { values } = parseArgs({
  options: { dist: { type: 'string', default: 'dist' }, baseline: { type: 'string' } },
});
const DIST = values.dist!;

const KB = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9);
function sizes(file: string) {
  const body = readFileSync(join(DIST, file));
  return {
    file,
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}
type Sized = ReturnType<typeof sizes>;
const row = (s: Sized) =>
  `  ${s.file.padEnd(40)} ${KB(s.raw)}  gzip ${KB(s.gzip)}  brotli ${KB(s.brotli)}`;
function total(label: string, list: Sized[]) {
  const sum = (key: 'raw' | 'gzip' | 'brotli') => list.reduce((n, s) => n + s[key], 0);
  console.log(
    `  ${label.padEnd(40)} ${KB(sum('raw'))}  gzip ${KB(sum('gzip'))}  brotli ${KB(sum('brotli'))}`,
  );
}

// The inbox: its HTML, its entry with what that imports, its stylesheet; then what loads later.
const inbox = readManifest(DIST, 'inbox-manifest.json');
const entry = Object.keys(inbox).find((key) => inbox[key]!.isEntry)!;
const first = closure(inbox, [entry]);
const later = closure(
  inbox,
  [...first].flatMap((key) => inbox[key]!.dynamicImports ?? []),
);
const filesOf = (keys: Iterable<string>) =>
  [...keys].flatMap((key) => [inbox[key]!.file, ...(inbox[key]!.css ?? [])]);
const stylesheets = Object.values(inbox)
  .map((c) => c.file)
  .filter((file) => file.endsWith('.css'));
const opening = [...new Set(['inbox/index.html', ...filesOf(first), ...stylesheets])].map(sizes);
const onDemand = [...new Set(filesOf([...later].filter((key) => !first.has(key))))].map(sizes);

console.log('The inbox, on opening:');
opening.forEach((s) => console.log(row(s)));
total(
  'JS',
  opening.filter((s) => s.file.endsWith('.js')),
);
total('all', opening);
console.log(
  '\nThe inbox, loaded after opening (the toasts once a member signs in, Realtime when the list goes live):',
);
onDemand.forEach((s) => console.log(row(s)));

// The public page: its first view, and whether any of the inbox is in it.
const page = readManifest(DIST);
const pageSizes = bundleSizes(DIST);
console.log('\nThe public page, first view:');
pageSizes.firstView.forEach((a) => console.log(`  ${a.file.padEnd(40)} gzip ${KB(a.gzip)}`));
console.log(
  `  JS ${KB(pageSizes.firstViewJsGzip)} gzip, CSS ${KB(pageSizes.firstViewCssGzip)} gzip`,
);

const problems: string[] = [];
const inboxModules = Object.keys(page).filter((key) => /^(src\/inbox\/|inbox\/)/.test(key));
if (inboxModules.length > 0) problems.push(`the page's build holds ${inboxModules.join(', ')}`);
const pageFiles = new Set([
  ...pageSizes.firstView.map((a) => a.file),
  ...pageSizes.onDemand.map((a) => a.file),
]);
const shared = filesOf(first).filter((file) => pageFiles.has(file));
if (shared.length > 0) problems.push(`the page loads the inbox's ${shared.join(', ')}`);

if (values.baseline) {
  const before = bundleSizes(values.baseline).firstView.map((a) => a.file);
  const now = pageSizes.firstView.map((a) => a.file);
  const html = (dist: string) => readFileSync(join(dist, 'index.html'), 'utf8');
  const same =
    before.join() === now.join() &&
    existsSync(values.baseline) &&
    html(values.baseline) === html(DIST);
  console.log(
    `\nAgainst ${values.baseline}: ${same ? 'the same index.html and first-view files, byte for byte' : `CHANGED (was ${before.join(', ')})`}`,
  );
  if (!same) problems.push(`the page's first view differs from ${values.baseline}`);
}

console.log(
  problems.length === 0
    ? '\nNothing of the inbox is in the public page.'
    : `\n${problems.join('\n')}`,
);
process.exitCode = problems.length === 0 ? 0 : 1;

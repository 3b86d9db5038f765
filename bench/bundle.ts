// Prints the gzip size of every asset the page loads on first view and on submit.
// Run after `npm run build`: node --import tsx bench/bundle.ts
import { statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { bundleSizes, FIRST_VIEW_BUDGET, type AssetSize } from './first-view';

const KB = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const row = (a: AssetSize) =>
  `  ${a.file.padEnd(44)} ${KB(a.bytes).padStart(9)}  gzip ${KB(a.gzip).padStart(8)}`;

const sizes = bundleSizes();
const html = readFileSync('dist/index.html');

console.log('First view (before any interaction):');
console.log(
  row({
    file: 'index.html',
    bytes: statSync('dist/index.html').size,
    gzip: gzipSync(html, { level: 9 }).length,
  }),
);
sizes.firstView.forEach((a) => console.log(row(a)));
console.log(
  `  JS ${KB(sizes.firstViewJsGzip)} gzip (budget ${KB(FIRST_VIEW_BUDGET.jsGzip)}), CSS ${KB(sizes.firstViewCssGzip)} gzip (budget ${KB(FIRST_VIEW_BUDGET.cssGzip)})`,
);
console.log('\nLoaded on demand (form focus, first toast, submit):');
sizes.onDemand.forEach((a) => console.log(row(a)));
console.log(`  JS ${KB(sizes.onDemandJsGzip)} gzip`);

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What the page may load before any scroll or tap, in gzip bytes (the server
 * sends brotli, which is smaller): the budget that first-view.spec.ts enforces
 * and bench/bundle.ts prints beside its figures. The first view's script is
 * the islands' loader alone; React comes with the first island that hydrates
 * (docs/islands.md).
 */
export const FIRST_VIEW_BUDGET = { jsGzip: 20 * 1024, cssGzip: 15 * 1024 } as const;

/**
 * A string only react-dom's client carries (its root container's key), so a
 * script holding it is react-dom, whatever its chunk is called.
 */
export const REACT_DOM_SIGNATURE = '__reactContainer$';

export interface AssetSize {
  file: string;
  bytes: number;
  gzip: number;
}

/** A built file's size as it is stored and as gzip at level 9 would send it. */
export function size(dist: string, file: string): AssetSize {
  const body = readFileSync(join(dist, file));
  return { file, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length };
}

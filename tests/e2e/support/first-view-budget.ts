import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What the page may load before any interaction, in gzip bytes: the budget that
 * first-view.spec.ts enforces and bench/bundle.ts prints beside its figures.
 */
export const FIRST_VIEW_BUDGET = { jsGzip: 85 * 1024, cssGzip: 15 * 1024 } as const;

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

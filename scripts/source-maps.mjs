// The client chunks' source maps, which the build writes beside them with no
// sourceMappingURL comment ('hidden'): moved out of the served directory into
// <dist>-meta/sourcemaps/, where the browser tests' coverage reads them
// (scripts/browser-coverage.mjs).
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';

/** Moves every `*.map` under `dist` to the same relative path under `target`, emptied first. */
export async function moveSourceMaps(dist, target) {
  await rm(target, { recursive: true, force: true });
  const entries = await readdir(dist, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.map')) continue;
    const from = join(entry.parentPath, entry.name);
    const to = join(target, relative(dist, from));
    await mkdir(dirname(to), { recursive: true });
    await rename(from, to);
  }
}

import { fsyncSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * PGlite keeps its files on disk through Emscripten's NODEFS, whose fsync does
 * nothing, and starts PostgreSQL with fsync off. Its commits reach the
 * operating system synchronously (so they survive kill -9) but not the disk:
 * a power cut or kernel crash could lose acknowledged submissions. This file
 * system makes fsync real, and durablePgliteOptions() turns PostgreSQL's fsync
 * back on, with wal_sync_method=fsync because NODEFS's fdatasync does nothing
 * too. A commit, and so a 201, then means the WAL is on the disk.
 */

type NodeFsInit = NodeFS['init'];
type Module = Parameters<NodeFsInit>[1] & {
  NODEFS: { stream_ops: Record<string, unknown>; tryFSOperation?: (op: () => void) => void };
};
interface Stream {
  nfd?: number;
}

export class DurableNodeFS extends NodeFS {
  /** How many fsyncs PostgreSQL asked for (tests check commits really sync). */
  syncs = 0;
  /** False if this PGlite's NODEFS no longer has the shape patched here. */
  patched = false;

  override async init(...args: Parameters<NodeFsInit>): ReturnType<NodeFsInit> {
    const result = await super.init(...args);
    const preRun = [result.emscriptenOpts.preRun ?? []].flat();
    const makeFsyncReal = (module: Module) => {
      const nodefs = module.NODEFS;
      if (!nodefs?.stream_ops) return;
      nodefs.stream_ops.fsync = (stream: Stream) => {
        if (typeof stream.nfd !== 'number') return 0;
        this.syncs++;
        // tryFSOperation turns an I/O error into the errno PostgreSQL expects (it then stops,
        // as it must, rather than carry on past a failed flush).
        const run = nodefs.tryFSOperation ?? ((op: () => void) => op());
        run(() => fsyncSync(stream.nfd!));
        return 0;
      };
      this.patched = true;
    };
    result.emscriptenOpts.preRun = [...preRun, makeFsyncReal as never];
    return result;
  }
}

/** The PGlite release this patch was written and tested against (package.json: ^0.5.16). */
export const PGLITE_CHECKED = '0.5.16';

/**
 * Refuses to run without real fsync: a server that acknowledges submissions a
 * power cut could lose must not start quietly. A PGlite whose NODEFS changed
 * shape needs this file checked again, not a warning nobody reads.
 */
export function assertDurable(fs: DurableNodeFS): void {
  if (fs.patched) return;
  throw new Error(
    'The embedded database cannot make its writes durable: the fsync patch in ' +
      `server/db/durable-node-fs.ts (checked against PGlite ${PGLITE_CHECKED}) did not apply ` +
      'to the installed @electric-sql/pglite. Install that version (npm ci), or use DATABASE_URL.',
  );
}

/** PGlite's own start parameters, less -F (fsync off), plus a sync method NODEFS honours. */
export function durablePgliteOptions(
  pgdata: string,
): PGliteOptions & { fs: DurableNodeFS; startParams: string[] } {
  return {
    fs: new DurableNodeFS(pgdata),
    startParams: [
      ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
      '-c',
      'fsync=on',
      '-c',
      'wal_sync_method=fsync',
    ],
  };
}

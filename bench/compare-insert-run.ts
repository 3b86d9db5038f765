/**
 * One run of bench/compare-insert.ts: one commit's server and the raw driver
 * on one fresh database. The commit's own code migrates the database and
 * serves it (its bench/submissions-server.ts, in its own directory, run as the
 * tree runs it: `node --import tsx`); the load and the raw driver are this
 * tree's, so only the commit differs between runs.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Database } from '../server/db/database.ts';
import { phase, rawOnPostgres, rawPhase, type RowInsert } from './compare-insert-raw.ts';
import { clusterCpuMs, processCpuMs } from './cpu-time.ts';
import { prepareDatabase, WITHOUT_ENV, type Part } from './insert-parts.ts';
import { presolve, TEST_PROOF_OF_WORK, type ProofPool } from './proof-pool.ts';
import { expectAnswers, postFor } from './submissions-load.ts';

/** The database's ceiling, as bench/submissions-server.ts sets it: no visitor is near it. */
const RATE_LIMIT = 10_000;

export interface RunOptions {
  clients: number;
  seconds: number;
  /** Proofs solved per phase (server, raw); a phase ends early if they run out. */
  proofs: number;
  /** Raw driver first, then the server (alternated by the caller). */
  rawFirst: boolean;
  /** Push devices registered before the run, so each real lead queues that many pushes. */
  devices: number;
  /** Parts of the insert switched off for this run (bench/insert-parts.ts). */
  without: readonly Part[];
}

/** Where one run's database lives: the server's environment and how to open it in this process. */
export interface RunDatabase {
  serverEnv: Record<string, string>;
  /** Opened with the commit's own openDatabase (its migrations), at the test difficulty. */
  openOptions: Record<string, unknown>;
  /** PostgreSQL only: the raw driver connects here, with `clients` connections. */
  url?: string;
  /** PostgreSQL only: the cluster's postmaster, whose children's CPU is the database's. */
  postmaster?: number;
}

export interface Phase {
  rate: number;
  p50: number;
  p99: number;
  ranOut: boolean;
  /**
   * The server phase's CPU per acknowledged lead, in µs: the server's process
   * (the embedded database runs inside it) and, on PostgreSQL, the cluster. On
   * a machine whose cores the load keeps busy, what a part of the insert costs
   * shows here steadier than in the rates, which swing with everyone's load.
   */
  cpu?: { server: number; database?: number };
}

export interface RunResult {
  server: Phase;
  raw: Phase;
}

/** A module of the commit's tree, loaded from its directory (tsx compiles it). */
const load = <T>(dir: string, file: string): Promise<T> =>
  import(pathToFileURL(join(dir, file)).href) as Promise<T>;

async function startServer(dir: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/submissions-server.ts'], {
    cwd: dir,
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`${dir}: bench server exited (${code})`)));
  });
  const pid = child.pid!;
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, pid, stop };
}

async function serverPhase(dir: string, fresh: RunDatabase, proofs: ProofPool, o: RunOptions) {
  const server = await startServer(dir, { ...fresh.serverEnv, [WITHOUT_ENV]: o.without.join(',') });
  try {
    const { postmaster } = fresh;
    const cpuMs = () => ({
      server: processCpuMs(server.pid),
      database: postmaster ? clusterCpuMs(postmaster) : 0,
    });
    const before = cpuMs();
    const result = await postFor(server.url, o.clients, o.seconds, {
      ownAddresses: true,
      proofs,
      asPage: true,
    });
    // Read before the server stops: its connections' backends are still
    // live, so the cluster's reading counts them.
    const after = cpuMs();
    expectAnswers(`${dir}: server`, result);
    const perLead = (ms: number) => (ms * 1000) / result.acknowledged;
    return {
      ...phase(result.acknowledged, result.seconds, result.latenciesMs, result.proofsRanOut),
      cpu: {
        server: perLead(after.server - before.server),
        database: postmaster ? perLead(after.database - before.database) : undefined,
      },
    };
  } finally {
    await server.stop();
  }
}

type OpenDatabase = (options: Record<string, unknown>) => Promise<Database>;

/**
 * One commit (its checkout in `dir`): the server on one fresh database, the
 * raw driver on another, each migrated by the commit's own code and readied
 * alike. Never the second phase on the first's rows: stored leads make the
 * next insert dearer (the spam score's look-up of the same text from others
 * finds more), so the phase that ran second paid for the first's.
 */
export async function runCommit(
  dir: string,
  forServer: RunDatabase,
  forRaw: RunDatabase,
  o: RunOptions,
): Promise<RunResult> {
  const { openDatabase } = await load<{ openDatabase: OpenDatabase }>(
    dir,
    'server/db/open-database.ts',
  );
  const { rowInsert } = await load<{ rowInsert: RowInsert }>(dir, 'server/db/insert-batcher.ts');
  const open = (fresh: RunDatabase) =>
    openDatabase({
      ...fresh.openOptions,
      proofOfWork: TEST_PROOF_OF_WORK,
      rateLimitPerMinute: RATE_LIMIT,
    });
  const ready = async (fresh: RunDatabase) => {
    const db = await open(fresh);
    try {
      const proofs = await presolve(db, o.proofs);
      await prepareDatabase(db, o.devices, o.without);
      return proofs;
    } finally {
      await db.close();
    }
  };
  const [serverProofs, rawProofs] = [await ready(forServer), await ready(forRaw)];

  const raw = async () => {
    if (forRaw.url) return rawOnPostgres(forRaw.url, rowInsert, rawProofs, o);
    // PGlite allows one process: the raw run opens it here, with no server on it.
    const db = await open(forRaw);
    try {
      return await rawPhase(
        (work) => db.transaction((session) => work((sql, params) => session.query(sql, params))),
        rowInsert,
        rawProofs,
        o,
      );
    } finally {
      await db.close();
    }
  };
  if (o.rawFirst) {
    const rawResult = await raw();
    return { raw: rawResult, server: await serverPhase(dir, forServer, serverProofs, o) };
  }
  const server = await serverPhase(dir, forServer, serverProofs, o);
  return { server, raw: await raw() };
}

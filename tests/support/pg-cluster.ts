import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.ts';
import { CI } from './skip.ts';

/**
 * A throwaway PostgreSQL 15 cluster in a temp directory, for the tests' global
 * setup and for bench/submissions.ts. As root it runs as the `postgres` user
 * (PostgreSQL refuses to run as root); it listens on 127.0.0.1 only, with its
 * socket inside its own directory, and leaves nothing behind when stopped.
 */

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PgCluster {
  /** A superuser connection string to the `postgres` database. */
  url: string;
  stop(): void;
}

export interface ClusterOptions {
  /** Off for tests (the tests are not about the disk); on for the benchmark, as in production. */
  fsync?: boolean;
}

export function postgresBinariesPresent(): boolean {
  return existsSync(join(PG_BIN, 'initdb')) && existsSync(join(PG_BIN, 'pg_ctl'));
}

/**
 * Why tests that need PostgreSQL are skipped, if they are: neither DATABASE_URL nor the
 * binaries. Never under CI=true: there they run, and fail saying what is missing.
 */
export function postgresSkipReason(): string | undefined {
  if (CI || process.env.DATABASE_URL?.trim() || postgresBinariesPresent()) return undefined;
  return `no PostgreSQL 15 binaries in ${PG_BIN} and no DATABASE_URL`;
}

/** A PostgreSQL that tests make databases in, each dropped again by `stop`. */
export interface TestPostgres {
  /** A new, empty database; its connection string. */
  freshDatabase(): Promise<string>;
  stop(): Promise<void>;
}

/** One statement on its own connection (CREATE and DROP DATABASE cannot run in a transaction). */
export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

/**
 * DATABASE_URL (a superuser's, as the server tests take it) when set, else a
 * throwaway cluster: the browser tests run on a machine that has only one of them.
 */
export async function testPostgres(): Promise<TestPostgres> {
  const given = process.env.DATABASE_URL?.trim();
  const cluster = given ? undefined : await startPgCluster();
  const adminUrl = given ?? cluster!.url;
  const admin = (sql: string) => adminQuery(adminUrl, sql);
  const made: string[] = [];
  return {
    async freshDatabase() {
      const name = `e2e_${Math.random().toString(36).slice(2, 10)}`;
      await admin(`create database ${name}`);
      made.push(name);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return url.href;
    },
    async stop() {
      if (cluster) return cluster.stop();
      for (const name of made.splice(0))
        await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

export async function startPgCluster({ fsync = false }: ClusterOptions = {}): Promise<PgCluster> {
  if (!postgresBinariesPresent()) {
    throw new Error(
      `No PostgreSQL 15 binaries in ${PG_BIN}: install postgresql-15, or set DATABASE_URL`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'pg-cluster-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout);
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout);
    if (!Number.isInteger(uid) || uid <= 0)
      throw new Error('No `postgres` user to run PostgreSQL as');
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const [command, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(PG_BIN, tool), ...args]]
      : [join(PG_BIN, tool), args];
    const result = spawnSync(command, argv, { encoding: 'utf8', cwd: dir });
    if (result.status !== 0) {
      throw new Error(`${tool} failed (${result.status}): ${result.stderr || result.stdout}`);
    }
  };

  const data = join(dir, 'data');
  run('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  const port = await freePort();
  const settings = [
    `-c listen_addresses=127.0.0.1`,
    `-c port=${port}`,
    `-c unix_socket_directories=${dir}`,
    `-c fsync=${fsync ? 'on' : 'off'}`,
    `-c max_connections=200`,
  ].join(' ');
  try {
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-o',
      settings,
      '-w',
      '-t',
      '60',
      'start',
    ]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

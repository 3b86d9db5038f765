import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.ts';

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

/** One statement on its own connection (CREATE and DROP DATABASE cannot run in a transaction). */
export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

/**
 * Creates the database `name` on the cluster `adminUrl` reaches (a copy of `template`, a
 * database nobody is connected to, when given; in `locale`, from template0, when given): its URL,
 * and its drop.
 */
export async function createDatabase(
  adminUrl: string,
  name: string,
  template?: string,
  locale?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const from = template ?? (locale ? 'template0' : undefined);
  await adminQuery(
    adminUrl,
    `create database ${name}${from ? ` template ${from}` : ''}${locale ? ` locale '${locale}'` : ''}`,
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
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
  // Hosted Supabase's locale (lc_collate and lc_ctype C.UTF-8), whose character classes PGlite
  // shares: to_tsvector's words of CJK and emoji, which the spam score learns from, depend on it.
  // In the C locale every non-ASCII character is a letter (docs/spam.md, "Bad input").
  run('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
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

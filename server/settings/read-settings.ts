/**
 * The one place process.env is read (by readConfig, for the server and the
 * worker; by the command-line tools through parseDatabaseConfig and
 * parseRetentionConfig), against server/settings/schema.ts, and the one
 * start-up error: every bad variable at once, each with what was expected.
 */
import type { z } from 'zod';
import { loadEnvFile } from '../env-file.ts';
import { serverSettings, settingsFields } from './schema.ts';
import { toServerConfig, type DatabaseConfig, type ServerConfig } from './server-config.ts';

type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid server configuration:\n  ${problems.join('\n  ')}\n(see .env.example)`);
    this.name = 'ConfigError';
  }
}

/** A message that starts with a variable's name (a rule shared with the build) keeps its own. */
const NAMED = /^[A-Z][A-Z0-9_]+\b/;

/**
 * The variables `schema` knows, trimmed, an empty one as unset (as .env.example
 * leaves them), parsed; throws a ConfigError naming each bad one. Messages are
 * the schema's own: none quotes a secret.
 */
function parse<Schema extends z.ZodType>(
  schema: Schema,
  names: readonly string[],
  env: Env,
): z.output<Schema> {
  const input = Object.fromEntries(names.map((name) => [name, env[name]?.trim() || undefined]));
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map(({ path, message }) =>
      NAMED.test(message) ? message : `${String(path[0])} ${message}`,
    ),
  );
}

const ALL = Object.keys(settingsFields.shape);

export function parseServerConfig(env: Env): ServerConfig {
  return toServerConfig(parse(serverSettings, ALL, env));
}

const databaseFields = settingsFields.pick({ DATA_DIR: true, DATABASE_URL: true });

/** Just where the data is: for the command-line tools, which do not listen. */
export function parseDatabaseConfig(env: Env): DatabaseConfig {
  const settings = parse(databaseFields, Object.keys(databaseFields.shape), env);
  return { dataDir: settings.DATA_DIR, databaseUrl: settings.DATABASE_URL };
}

const retentionFields = settingsFields.pick({ VITE_RETENTION_MONTHS: true });

/** The purge's period, for the command-line tools (`submissions purge`). */
export function parseRetentionConfig(env: Env): number {
  return parse(retentionFields, Object.keys(retentionFields.shape), env).VITE_RETENTION_MONTHS;
}

/**
 * For the server and the worker: `.env`, then the environment, read once; a
 * bad setting prints the error and exits 1 before anything starts.
 */
export function readConfig(): ServerConfig {
  loadEnvFile();
  try {
    return parseServerConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/**
 * The one place the server reads process.env (by readConfig, for the server and
 * the worker; by the command-line tools through parseDatabaseConfig and
 * parseRetentionConfig), against server/settings/schema.ts. A bad variable is a
 * ConfigError (settings/config-error.ts, the build's too) naming every one at once.
 */
import { ConfigError } from '../../settings/config-error.ts';
import { parseSettings } from '../../settings/parse.ts';
import { loadEnvFile } from '../env-file.ts';
import { serverSettings, settingsFields } from './schema.ts';
import { toServerConfig, type DatabaseConfig, type ServerConfig } from './server-config.ts';

type Env = Record<string, string | undefined>;

export function parseServerConfig(env: Env): ServerConfig {
  return toServerConfig(parseSettings(serverSettings, env));
}

const databaseFields = settingsFields.pick({ DATA_DIR: true, DATABASE_URL: true });

/** Just where the data is: for the command-line tools, which do not listen. */
export function parseDatabaseConfig(env: Env): DatabaseConfig {
  const settings = parseSettings(databaseFields, env);
  return { dataDir: settings.DATA_DIR, databaseUrl: settings.DATABASE_URL };
}

const retentionFields = settingsFields.pick({ VITE_RETENTION_MONTHS: true });

/** The purge's period, for the command-line tools (`submissions purge`). */
export function parseRetentionConfig(env: Env): number {
  return parseSettings(retentionFields, env).VITE_RETENTION_MONTHS;
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

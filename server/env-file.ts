import { existsSync } from 'node:fs';

/** npm runs every script from the project's root, where README.md says to copy .env.example. */
const ENV_FILE = '.env';

/**
 * Reads `.env` into process.env, for every entry point (the server, `npm start`, the worker and
 * the command-line tools) before it parses its configuration once (server/settings/schema.ts). A variable
 * the real environment already has is kept: Node's loader never overrides one. Without the file,
 * nothing changes. The build reads the same file for its VITE_ values (Vite's own loader).
 */
export function loadEnvFile(): void {
  if (existsSync(ENV_FILE)) process.loadEnvFile(ENV_FILE);
}

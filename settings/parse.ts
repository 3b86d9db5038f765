/**
 * How a settings schema reads an environment, for the build and the server
 * alike: the variables the schema knows, trimmed, an empty one as unset (as
 * .env.example leaves them), parsed; a ConfigError names each bad one.
 */
import type { z } from 'zod';
import { ConfigError } from './config-error.ts';

type Env = Record<string, string | undefined>;

/** A message that starts with a variable's name (a rule between variables) keeps its own. */
const NAMED = /^[A-Z][A-Z0-9_]+\b/;

/** Messages are the schema's own, prefixed with the variable's name: none quotes a secret. */
export function parseSettings<Schema extends z.ZodObject>(
  schema: Schema,
  env: Env,
  heading?: string,
): z.output<Schema> {
  const names = Object.keys(schema.shape);
  const input = Object.fromEntries(names.map((name) => [name, env[name]?.trim() || undefined]));
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map(({ path, message }) =>
      NAMED.test(message) ? message : `${String(path[0])} ${message}`,
    ),
    heading,
  );
}

import { refuse } from './submission-errors.ts';

/**
 * `?columns="name","email","message"`: postgrest-js sends it with array
 * inserts, and PostgREST then reads only those keys from each object.
 */
const ITEM = /^\s*(?:"([^"]+)"|([^",\s]+))\s*$/;

export function parseColumnsParameter(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '')
    throw refuse.columnsParameter(String(value));
  return value.split(',').map((item) => {
    const match = ITEM.exec(item);
    if (!match) throw refuse.columnsParameter(value);
    return (match[1] ?? match[2])!;
  });
}

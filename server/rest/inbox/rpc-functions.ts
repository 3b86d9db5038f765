import { INBOX_RPCS as DECLARED } from '../../../shared/inbox-rpcs.ts';

/** The inbox's functions (shared/inbox-rpcs.ts), each with its arguments' SQL types in order. */
export const INBOX_RPCS: Readonly<Record<string, Readonly<Record<string, string>>>> =
  Object.fromEntries(Object.entries(DECLARED).map(([name, { args }]) => [name, args]));

/** Functions that return void: PostgREST answers 204 with no body. */
export const VOID_RPCS: ReadonlySet<string> = new Set(
  Object.entries(DECLARED)
    .filter(([, { returns }]) => returns === 'void')
    .map(([name]) => name),
);

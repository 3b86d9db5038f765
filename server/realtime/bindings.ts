import { isRealtimeTable, REALTIME_TABLES, type RealtimeTable } from '../../shared/realtime.ts';
import { MAX_BINDING_TEXT_CHARS, MAX_BINDINGS_PER_CHANNEL } from './client-limits.ts';

/** One `postgres_changes` subscription of a channel, as the client asked for it, with its id. */
export interface Binding {
  id: number;
  event: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
  /** The event as the client wrote it ("insert"): echoed in the join's reply, as Realtime does. */
  asked: string;
  schema: string;
  table?: string;
  filter?: string;
  /** `column=eq.value`, the one filter served. */
  equals?: { column: string; value: string };
}

/** One announced change: what the triggers send on NOTIFY realtime (supabase/schemas/90_realtime.sql). */
export interface Change {
  table: RealtimeTable;
  type: 'INSERT' | 'UPDATE';
  id: string | number;
}

const EVENTS = new Set(['*', 'INSERT', 'UPDATE', 'DELETE']);
const EQUALS = /^([a-z_][a-z0-9_]*)=eq\.(.*)$/s;
/** Supabase Realtime's ids are numbers; these only need to be unique in this process. */
let nextId = 1;

/** The join's config.postgres_changes, or what is wrong with it. */
export function parseBindings(config: unknown): Binding[] | { problem: string } {
  const changes = (config as { postgres_changes?: unknown } | undefined)?.postgres_changes ?? [];
  if (!Array.isArray(changes)) return { problem: 'postgres_changes must be a list' };
  if (changes.length > MAX_BINDINGS_PER_CHANNEL) return { problem: 'too many postgres_changes' };
  const bindings: Binding[] = [];
  for (const asked of changes as Record<string, unknown>[]) {
    const { event, schema, table, filter } = asked ?? {};
    const text = (value: unknown) =>
      value === undefined || value === null || typeof value === 'string';
    if (typeof event !== 'string' || !EVENTS.has(event.toUpperCase())) {
      return { problem: 'event must be one of *, INSERT, UPDATE, DELETE' };
    }
    if (typeof schema !== 'string' || !text(table) || !text(filter)) {
      return { problem: 'schema, table and filter must be text' };
    }
    if (
      [schema, table, filter].some((value) => String(value ?? '').length > MAX_BINDING_TEXT_CHARS)
    ) {
      return {
        problem: `schema, table and filter must be at most ${MAX_BINDING_TEXT_CHARS} characters`,
      };
    }
    const binding: Binding = {
      id: nextId++,
      event: event.toUpperCase() as Binding['event'],
      asked: event,
      schema,
    };
    if (typeof table === 'string') binding.table = table;
    // Kept as sent, '' included: the reply echoes it and realtime-js compares the two. Realtime
    // trims it before reading it, so blank is no filter at all.
    if (typeof filter === 'string') {
      binding.filter = filter;
      const match = EQUALS.exec(filter.trim());
      if (match) binding.equals = { column: match[1]!, value: match[2]! };
    }
    bindings.push(binding);
  }
  return bindings;
}

/** As the client sent it, with its id: the phx_reply's postgres_changes, which supabase-js matches. */
export const described = ({ id, asked, schema, table, filter }: Binding) => ({
  id,
  // realtime-js compares it with its own binding's, case and all, or errs the channel.
  event: asked,
  schema,
  ...(table !== undefined && { table }),
  ...(filter !== undefined && { filter }),
});

/**
 * Why a binding can never hear anything here, in Supabase Realtime's words
 * for a subscription it cannot make; undefined when it is served.
 */
export function unserved(binding: Binding): string | undefined {
  const { schema, table, filter, equals } = binding;
  const servedSchema = schema === 'public' || schema === '*';
  const servedTable = table === undefined || table === '*' || isRealtimeTable(table);
  const servedFilter = filter === undefined || filter.trim() === '' || equals !== undefined;
  if (servedSchema && servedTable && servedFilter) return undefined;
  return (
    'Unable to subscribe to changes with given parameters. Please check Realtime is enabled ' +
    `for the given connect parameters: [schema: ${schema}, table: ${table ?? '*'}, filters: [${filter ?? ''}]]`
  );
}

/**
 * Realtime's refusal of a filter on a column its table does not have (its database's
 * realtime.subscription_check_filters, raised through the driver); undefined when the column is
 * there, or when the binding names no one table to look in.
 */
export function unknownColumn(binding: Binding, columns: readonly string[]): string | undefined {
  const { equals, asked, schema, table } = binding;
  if (!equals || columns.includes(equals.column)) return undefined;
  const filters = `[{"${equals.column}", "eq", "${equals.value}", false}]`;
  return (
    'Unable to subscribe to changes with given parameters. An exception happened so please ' +
    `check your connect parameters: [event: ${asked}, schema: ${schema}, table: ${table}, ` +
    `filters: ${filters}, select: nil]. Exception: ERROR P0001 (raise_exception) invalid column ` +
    `for filter ${equals.column}`
  );
}

/** Whether a change (its row as the listener reads it) is one this binding asked for. */
export function hears(binding: Binding, change: Change, record: Record<string, unknown>): boolean {
  if (unserved(binding)) return false;
  if (binding.event !== '*' && binding.event !== change.type) return false;
  if (binding.table !== undefined && binding.table !== '*' && binding.table !== change.table) {
    return false;
  }
  if (!binding.equals) return true;
  const { column } = binding.equals;
  // An own column only: `constructor` or `__proto__` is on every object, and matched every row.
  if (!Object.hasOwn(record, column)) return false;
  const value = record[column];
  return value !== undefined && value !== null && String(value) === binding.equals.value;
}

/** A NOTIFY realtime payload, or undefined when it is not one of ours (anyone may pg_notify). */
export function parseChange(payload: string | undefined): Change | undefined {
  try {
    const { schema, table, type, id } = JSON.parse(payload ?? '') as Record<string, unknown>;
    if (schema !== 'public' || typeof table !== 'string' || !isRealtimeTable(table))
      return undefined;
    if (type !== 'INSERT' && type !== 'UPDATE') return undefined;
    if (typeof id !== 'number' && typeof id !== 'string') return undefined;
    return { table, type, id };
  } catch {
    return undefined;
  }
}

export const keyOf = (table: RealtimeTable) => REALTIME_TABLES[table];

import { SEARCH_QUERY_MAX } from '../../../shared/search.ts';
import { PostgrestError } from '../postgrest-error.ts';
import { refuse } from '../submission-errors.ts';
import type { ReadTable } from './read-tables.ts';

/** A GET's query string, turned into SQL with every value a parameter. */
export interface ReadQuery {
  columns: string;
  where: string;
  orderBy: string;
  limit?: number;
  offset: number;
  params: unknown[];
}

/** A name as PostgREST quotes it into SQL: any such name the table lacks is 42703, not a parse error. */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** PostgREST's answer to a column the table does not have (what PostgreSQL says, passed on). */
const noColumn = (table: string, column: string) =>
  new PostgrestError(400, '42703', `column ${table}.${column} does not exist`);

const parseError = (what: string, details: string) =>
  new PostgrestError(400, 'PGRST100', `"failed to parse ${what}"`, details);

const quote = (column: string) => `"${column}"`;

/**
 * select, eq/neq filters, a full-text search, order, limit and offset, as
 * postgrest-js writes them. A search is bound as a parameter and never logged
 * (server/plugins/request-log.ts logs the path only).
 */
export function readQuery(name: string, table: ReadTable, search: URLSearchParams): ReadQuery {
  const params: unknown[] = [];
  const bind = (value: unknown, type: string) => {
    params.push(value);
    return `$${params.length}::${type}`;
  };
  // An own property only: `in` would take `constructor` or `__proto__`, which every object inherits.
  // A computed field is selected, never filtered or ordered by here: PostgREST can, so not a 42703.
  const known = (column: string) => {
    if (table.computed && Object.hasOwn(table.computed, column)) {
      throw refuse.notImplemented(`Filtering or ordering by the computed field ${column}`);
    }
    if (!Object.hasOwn(table.columns, column)) throw noColumn(name, column);
    return column;
  };
  const conditions: string[] = [];
  let columns = '*';
  let orderBy = '';
  let limit: number | undefined;
  let offset = 0;

  for (const [key, value] of search) {
    if (key === 'select') {
      columns = selectList(name, table, value, known);
    } else if (key === 'order') {
      orderBy = orderList(value, table, known);
    } else if (key === 'limit' || key === 'offset') {
      if (!/^\d{1,9}$/.test(value)) throw parseError(key, `${key}=${value}`);
      if (key === 'limit') limit = Number(value);
      else offset = Number(value);
    } else if (key === 'or') {
      // The inbox's old search, `ilike` over every message: one long pattern held the embedded database.
      throw refuse.notImplemented('An or=(…) filter (the inbox searches with fts)');
    } else {
      const column = known(key);
      if (column === table.textSearch) {
        conditions.push(textSearchCondition(name, column, value, bind));
        continue;
      }
      const match = /^(eq|neq)\.(.*)$/s.exec(value);
      const allowed = match?.[1] === 'eq' ? table.eq : match?.[1] === 'neq' ? table.neq : [];
      if (!match || !allowed.includes(column)) {
        throw refuse.notImplemented(`This filter on ${column}`);
      }
      const operator = match[1] === 'eq' ? '=' : '<>';
      conditions.push(
        `${quote(column)} ${operator} ${bind(match[2], table.columns[column]!.type)}`,
      );
    }
  }
  return {
    columns,
    where: conditions.length > 0 ? `where ${conditions.join(' and ')}` : '',
    orderBy,
    limit,
    offset,
    params,
  };
}

function selectList(
  name: string,
  table: ReadTable,
  value: string,
  known: (column: string) => string,
): string {
  if (value === '*' || value === '') return '*';
  return value
    .split(',')
    .map((column) => {
      if (column === '*') return `${name}.*`;
      if (!IDENTIFIER.test(column)) throw refuse.notImplemented('This select');
      if (table.computed && Object.hasOwn(table.computed, column)) {
        return `public.${column}(${name}) as ${quote(column)}`;
      }
      return quote(known(column));
    })
    .join(', ');
}

function orderList(value: string, table: ReadTable, known: (column: string) => string): string {
  const terms = value.split(',').map((term) => {
    const [column = '', ...modifiers] = term.split('.');
    // An empty term (`order=`, `order=,id`) is PostgREST's parse error, not a column named "".
    if (column === '') throw parseError('order', `order=${value}`);
    known(column);
    if (!table.order.includes(column)) throw refuse.notImplemented(`Ordering by ${column}`);
    let direction = 'asc';
    let nulls = '';
    for (const modifier of modifiers) {
      if (modifier === 'asc' || modifier === 'desc') direction = modifier;
      else if (modifier === 'nullsfirst') nulls = ' nulls first';
      else if (modifier === 'nullslast') nulls = ' nulls last';
      else throw parseError('order', `order=${value}`);
    }
    return `${quote(column)} ${direction}${nulls}`;
  });
  return `order by ${terms.join(', ')}`;
}

/**
 * `search=fts(simple).ada:*&lov:*`, as postgrest-js's textSearch writes it,
 * run as PostgREST runs it: `search @@ to_tsquery('simple', …)`. Bounded,
 * because PGlite has no statement timeout: a query of at most SEARCH_QUERY_MAX
 * characters, and no phrase operator (`<->`, `<N>`), which compares the
 * positions of every word a prefix matches, in every lead.
 */
function textSearchCondition(
  name: string,
  column: string,
  value: string,
  bind: (value: unknown, type: string) => string,
): string {
  const match = /^fts(?:\(([a-z_][a-z0-9_]*)\))?\.(.*)$/s.exec(value);
  if (!match) throw refuse.notImplemented(`This filter on ${column} (the inbox sends fts)`);
  const [, config, query = ''] = match;
  if (query.length > SEARCH_QUERY_MAX) throw searchTooLong(name, query.length);
  if (query.includes('<')) throw refuse.notImplemented('A phrase search (<->)');
  const language = config === undefined ? '' : `${bind(config, 'regconfig')}, `;
  return `${quote(column)} @@ to_tsquery(${language}${bind(query, 'text')})`;
}

/** Our own bound, in PostgREST's shape: PostgreSQL's code for a limit exceeded. */
const searchTooLong = (name: string, length: number) =>
  new PostgrestError(
    400,
    '54000',
    `The search of ${name} is too long`,
    `A search may be ${SEARCH_QUERY_MAX} characters long; this one is ${length}.`,
    'Search for fewer or shorter words.',
  );

/**
 * What PostgREST answers to a search PostgreSQL cannot read (a tsquery's
 * syntax, 42601) or a configuration it does not have (42704): 400, with
 * PostgreSQL's own words. Anything else passes as it came.
 */
export function searchRefusal(error: unknown): unknown {
  const sql = error as { code?: unknown; message?: string; detail?: string; hint?: string };
  if (sql?.code !== '42601' && sql?.code !== '42704') return error;
  return new PostgrestError(400, sql.code, sql.message ?? 'invalid search', sql.detail, sql.hint);
}

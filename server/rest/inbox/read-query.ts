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

/** PostgREST's answer to a column the table does not have. */
const noColumn = (table: string, column: string) =>
  new PostgrestError(400, '42703', `column ${table}.${column} does not exist`);

const parseError = (what: string, details: string) =>
  new PostgrestError(400, 'PGRST100', `"failed to parse ${what}"`, details);

const quote = (column: string) => `"${column}"`;

/**
 * select, eq/neq filters, or=(col.ilike.*term*,…), order, limit and offset,
 * as postgrest-js writes them. A search term is bound as a parameter and
 * never logged (server/plugins/request-log.ts logs the path only).
 */
export function readQuery(name: string, table: ReadTable, search: URLSearchParams): ReadQuery {
  const params: unknown[] = [];
  const bind = (value: unknown, type: string) => {
    params.push(value);
    return `$${params.length}::${type}`;
  };
  const known = (column: string) => {
    if (!(column in table.columns)) throw noColumn(name, column);
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
      conditions.push(searchCondition(value, table, known, bind));
    } else {
      const column = known(key);
      const match = /^(eq|neq)\.(.*)$/s.exec(value);
      const allowed = match?.[1] === 'eq' ? table.eq : match?.[1] === 'neq' ? table.neq : [];
      if (!match || !allowed.includes(column)) {
        throw refuse.notImplemented(`This filter on ${column}`);
      }
      const operator = match[1] === 'eq' ? '=' : '<>';
      conditions.push(`${quote(column)} ${operator} ${bind(match[2], table.columns[column]!)}`);
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
      if (!/^[a-z_]+$/.test(column)) throw refuse.notImplemented('This select');
      if (table.computed && column in table.computed) {
        return `public.${column}(${name}) as ${quote(column)}`;
      }
      return quote(known(column));
    })
    .join(', ');
}

function orderList(value: string, table: ReadTable, known: (column: string) => string): string {
  const terms = value.split(',').map((term) => {
    const [column = '', ...modifiers] = term.split('.');
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

/** or=(name.ilike.*x*,email.ilike.*x*,…): a value may be double-quoted, with \-escapes. */
function searchCondition(
  value: string,
  table: ReadTable,
  known: (column: string) => string,
  bind: (value: unknown, type: string) => string,
): string {
  const inner = /^\((.*)\)$/s.exec(value)?.[1];
  if (inner === undefined) throw parseError('logic tree', 'or=(…) expected');
  return `(${splitTerms(inner)
    .map((term) => {
      const match = /^([a-z_]+)\.ilike\.(.*)$/s.exec(term);
      if (!match) throw refuse.notImplemented('This search');
      const column = known(match[1]!);
      if (!table.search.includes(column)) throw refuse.notImplemented(`Searching ${column}`);
      const pattern = unquote(match[2]!).replaceAll('*', '%');
      return `${quote(column)} ilike ${bind(pattern, 'text')}`;
    })
    .join(' or ')})`;
}

/** Splits on commas outside double quotes, as PostgREST's parser does. */
function splitTerms(text: string): string[] {
  const terms: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted && char === '\\' && i + 1 < text.length) {
      current += char + text[++i];
      continue;
    }
    if (char === '"') quoted = !quoted;
    if (char === ',' && !quoted) {
      terms.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  terms.push(current);
  return terms;
}

function unquote(value: string): string {
  const match = /^"(.*)"$/s.exec(value);
  return match ? match[1]!.replace(/\\(.)/gs, '$1') : value;
}

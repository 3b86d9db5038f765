import type { Row } from '../../server/db/database.ts';

/**
 * A database's catalogue as named entries ("function public.x(text)" → its
 * properties as text), for comparing two databases object by object: the one
 * the migrations make and the one supabase/schemas/ declares
 * (tests/server/schemas.test.ts). Runs on PostgreSQL 15 and PGlite alike.
 */
export type Catalogue = Map<string, Record<string, string | null>>;

type Query = (sql: string) => Promise<Row[]>;

/** Our schemas; pg_catalog and the extension's own objects are the server's. */
const OURS = `n.nspname in ('public', 'app_private', 'auth', 'extensions')`;

/** The migration runner's bookkeeping, which the declared schema has no reason to hold. */
const RUNNER_TABLE = `app_private.schema_migrations`;

/** Not part of an extension (pgcrypto's functions live in `extensions`). */
const notFromExtension = (catalog: string, oid: string) => `not exists (
  select from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${oid}
    and d.deptype = 'e')`;

/** An ACL as sorted text: grant order is not a difference. */
const acl = (column: string) =>
  `(select string_agg(a::text, ' ' order by a::text) from unnest(${column}) a)`;

/** One entry per object: its key, and its properties as a JSON object of text. */
const ENTRIES = `
  select 'schema ' || n.nspname as key, json_build_object(
    'acl', ${acl('n.nspacl')},
    'comment', obj_description(n.oid, 'pg_namespace')) as props
  from pg_namespace n where ${OURS}
union all
  select 'extension ' || e.extname, json_build_object('schema', e.extnamespace::regnamespace::text)
  from pg_extension e where e.extname <> 'plpgsql'
union all
  select (case c.relkind when 'r' then 'table ' when 'v' then 'view ' when 'S' then 'sequence '
          else 'relation ' end) || c.oid::regclass::text,
    json_build_object(
      'row level security', c.relrowsecurity::text,
      'forced row level security', c.relforcerowsecurity::text,
      'options', array_to_string(c.reloptions, ', '),
      'grants', ${acl('c.relacl')},
      'comment', obj_description(c.oid, 'pg_class'),
      'definition', case when c.relkind in ('v', 'm') then pg_get_viewdef(c.oid) end)
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where ${OURS} and c.relkind in ('r', 'p', 'v', 'm', 'S')
    and c.oid::regclass::text <> '${RUNNER_TABLE}'
    and c.oid::regclass::text not like '${RUNNER_TABLE}%'
    and ${notFromExtension('pg_class', 'c.oid')}
union all
  select 'column ' || c.oid::regclass::text || '.' || quote_ident(a.attname),
    json_build_object(
      'position', (select count(*) from pg_attribute b where b.attrelid = a.attrelid
                   and b.attnum > 0 and not b.attisdropped and b.attnum <= a.attnum)::text,
      'type', format_type(a.atttypid, a.atttypmod),
      'not null', a.attnotnull::text,
      'default', pg_get_expr(ad.adbin, ad.adrelid),
      'identity', nullif(a.attidentity, ''),
      'generated', nullif(a.attgenerated, ''),
      'grants', ${acl('a.attacl')},
      'comment', col_description(c.oid, a.attnum))
  from pg_attribute a
  join pg_class c on c.oid = a.attrelid
  join pg_namespace n on n.oid = c.relnamespace
  left join pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
  where ${OURS} and c.relkind in ('r', 'p', 'v', 'm') and a.attnum > 0 and not a.attisdropped
    and c.oid::regclass::text <> '${RUNNER_TABLE}'
    and ${notFromExtension('pg_class', 'c.oid')}
union all
  select 'constraint ' || quote_ident(k.conname) || ' on ' || k.conrelid::regclass::text,
    json_build_object(
      'definition', pg_get_constraintdef(k.oid),
      'validated', k.convalidated::text,
      'comment', obj_description(k.oid, 'pg_constraint'))
  from pg_constraint k join pg_namespace n on n.oid = k.connamespace
  where ${OURS} and k.conrelid <> 0 and k.conrelid::regclass::text <> '${RUNNER_TABLE}'
union all
  select 'index ' || i.indexrelid::regclass::text,
    json_build_object('definition', pg_get_indexdef(i.indexrelid))
  from pg_index i join pg_class c on c.oid = i.indrelid
  join pg_namespace n on n.oid = c.relnamespace
  where ${OURS} and c.oid::regclass::text <> '${RUNNER_TABLE}'
union all
  select 'function ' || p.oid::regprocedure::text,
    json_build_object(
      'kind', p.prokind::text,
      'arguments', pg_get_function_arguments(p.oid),
      'result', pg_get_function_result(p.oid),
      'language', l.lanname,
      'volatility', p.provolatile::text,
      'security definer', p.prosecdef::text,
      'strict', p.proisstrict::text,
      'config', array_to_string(p.proconfig, ', '),
      'body', p.prosrc,
      'grants', ${acl('p.proacl')},
      'comment', obj_description(p.oid, 'pg_proc'))
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  join pg_language l on l.oid = p.prolang
  where ${OURS} and ${notFromExtension('pg_proc', 'p.oid')}
union all
  select 'trigger ' || quote_ident(t.tgname) || ' on ' || t.tgrelid::regclass::text,
    json_build_object(
      'definition', pg_get_triggerdef(t.oid),
      'enabled', t.tgenabled::text,
      'comment', obj_description(t.oid, 'pg_trigger'))
  from pg_trigger t join pg_class c on c.oid = t.tgrelid
  join pg_namespace n on n.oid = c.relnamespace
  where ${OURS} and not t.tgisinternal
union all
  select 'policy ' || quote_ident(p.polname) || ' on ' || p.polrelid::regclass::text,
    json_build_object(
      'command', p.polcmd::text,
      'permissive', p.polpermissive::text,
      'roles', (select string_agg(case when r = 0 then 'public' else r::regrole::text end, ', '
                                  order by 1) from unnest(p.polroles) r),
      'using', pg_get_expr(p.polqual, p.polrelid),
      'with check', pg_get_expr(p.polwithcheck, p.polrelid),
      'comment', obj_description(p.oid, 'pg_policy'))
  from pg_policy p
union all
  select 'default privileges of ' || d.defaclrole::regrole::text || ' on ' || d.defaclobjtype::text
         || coalesce(' in ' || d.defaclnamespace::regnamespace::text, ''),
    json_build_object('grants', ${acl('d.defaclacl')})
  from pg_default_acl d`;

/**
 * Written after migrating by every server and worker, from a list package (server/db/disposable-domains.ts):
 * data of a release, not of the schema.
 */
const WRITTEN_AT_OPEN = 'app_private.disposable_domains';

/** Our tables, and the columns whose defaults draw a random key or read the clock. */
const TABLES = `
  select c.oid::regclass::text as name,
    array(select a.attname::text from pg_attribute a
          join pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
          where a.attrelid = c.oid
            and pg_get_expr(ad.adbin, ad.adrelid) ~ 'gen_random|now\\(\\)') as drawn
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where ${OURS} and c.relkind = 'r' and c.oid::regclass::text <> '${RUNNER_TABLE}'
    and c.oid::regclass::text <> '${WRITTEN_AT_OPEN}'
    and ${notFromExtension('pg_class', 'c.oid')}`;

export async function readCatalogue(query: Query): Promise<Catalogue> {
  const catalogue: Catalogue = new Map();
  // Every name printed in full (public.x, not x), whatever the connection's search_path.
  await query(`select pg_catalog.set_config('search_path', 'pg_catalog', false)`);
  for (const row of await query(ENTRIES)) {
    const props = typeof row.props === 'string' ? JSON.parse(row.props) : row.props;
    catalogue.set(String(row.key), props as Record<string, string | null>);
  }
  // The rows a schema starts with (the singletons' settings, the push hosts): their
  // values, less what is drawn at random or read from the clock.
  for (const table of await query(TABLES)) {
    const drawn = (table.drawn as string[]).map((column) => `- '${column}'`).join(' ');
    const rows = await query(
      `select coalesce(json_agg(to_jsonb(t) ${drawn} order by to_jsonb(t)::text), '[]')::text as rows
       from ${String(table.name)} t`,
    );
    catalogue.set(`rows of ${String(table.name)}`, { rows: String(rows[0]!.rows) });
  }
  return catalogue;
}

/** Where two texts part: the first differing line, numbered, from each side. */
function firstDifference(one: string, other: string, names: [string, string]): string {
  const a = one.split('\n');
  const b = other.split('\n');
  const at = a.findIndex((line, index) => line !== b[index]);
  const line = at === -1 ? a.length : at;
  const show = (text: string | undefined) =>
    text === undefined ? '(no line)' : `"${text.trim()}"`;
  return `line ${line + 1}: ${names[0]} ${show(a[line])}, ${names[1]} ${show(b[line])}`;
}

/**
 * Each difference in a sentence: "policy y on public.z only in migrations",
 * "function public.x(text): body differs (line 3: …)".
 */
export function compareCatalogues(
  one: Catalogue,
  other: Catalogue,
  names: [string, string],
): string[] {
  const differences: string[] = [];
  const keys = [...new Set([...one.keys(), ...other.keys()])].sort();
  for (const key of keys) {
    const a = one.get(key);
    const b = other.get(key);
    if (!a || !b) {
      differences.push(`${key} only in ${a ? names[0] : names[1]}`);
      continue;
    }
    for (const field of [...new Set([...Object.keys(a), ...Object.keys(b)])]) {
      const x = a[field] ?? '(none)';
      const y = b[field] ?? '(none)';
      if (x === y) continue;
      const short = !x.includes('\n') && !y.includes('\n') && x.length + y.length < 400;
      differences.push(
        `${key}: ${field} differs (${short ? `${names[0]} "${x}", ${names[1]} "${y}"` : firstDifference(x, y, names)})`,
      );
    }
  }
  return differences;
}

import { describe, expect, it } from 'vitest';
import { INBOX_RPCS } from '../../shared/inbox-rpcs.ts';
import { openFreshBackend } from './support/backends.ts';

/**
 * shared/inbox-rpcs.ts declares the functions the inbox calls, for our server's routes and the
 * page's calls; the database is what runs them. Each declared function must exist with those
 * arguments, in that order and of those types (any after them with defaults), and that result,
 * and every function a signed-in member may call must be declared, so a function added, renamed
 * or changed in SQL without its declaration fails here.
 */
interface CatalogueFunction {
  name: string;
  args: string[];
  types: string[];
  defaults: number;
  result: string;
}

describe('the inbox functions declared once', () => {
  it('are the database’s functions, with their arguments and results', async () => {
    const { db } = await openFreshBackend('embedded');
    // Functions in public that `authenticated` may run, less computed fields (one argument of a
    // row type, which PostgREST reads as a column, never calls).
    const rows = (await db.query(`
      select p.proname as name,
             coalesce(p.proargnames[1:p.pronargs], '{}') as args,
             array(select format_type(t, null) from unnest(p.proargtypes::oid[]) t) as types,
             p.pronargdefaults as defaults,
             pg_get_function_result(p.oid) as result
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public'
         and has_function_privilege('authenticated', p.oid, 'execute')
         and not (p.pronargs = 1 and exists (
               select 1 from pg_class c where c.reltype = p.proargtypes[0]))
       order by 1`)) as unknown as CatalogueFunction[];
    const catalogue = new Map(rows.map((row) => [row.name, row]));

    expect([...catalogue.keys()].sort()).toEqual(Object.keys(INBOX_RPCS).sort());
    for (const [name, declared] of Object.entries(INBOX_RPCS)) {
      const found = catalogue.get(name)!;
      const names = Object.keys(declared.args);
      expect(found.args.slice(0, names.length), name).toEqual(names);
      expect(found.types.slice(0, names.length), name).toEqual(Object.values(declared.args));
      expect(
        found.args.length - names.length,
        `${name}: undeclared arguments without defaults`,
      ).toBeLessThanOrEqual(found.defaults);
      expect(found.result, name).toBe(declared.returns);
    }
  });
});

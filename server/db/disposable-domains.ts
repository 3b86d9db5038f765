import { disposableEmailBlocklist } from 'disposable-email-domains-js';
import type { Database } from './database.ts';

/**
 * The disposable email domains the spam score counts against a lead
 * (supabase/schemas/55_spam_score.sql), from a maintained list package rather
 * than one we keep: written into the database after migrating, by every
 * server and worker, so hosted Supabase has it once `npm run worker` or
 * `npm run db:migrate` has run. Nothing is written when the stored list is
 * already this one (its count and checksum), so a start costs one query.
 */
export async function writeDisposableDomains(
  database: Database,
  domains: readonly string[] = disposableEmailBlocklist(),
): Promise<void> {
  const list = [...new Set(domains.map((domain) => domain.trim().toLowerCase()))]
    .filter((domain) => domain.length > 0)
    .sort();
  await database.transaction(
    async (session) => {
      const [stored] = await session.query(
        `select count(*)::integer as n,
              md5(coalesce(string_agg(domain, ',' order by domain collate "C"), '')) as sum
       from app_private.disposable_domains`,
      );
      const [wanted] = await session.query(
        `select md5(coalesce(string_agg(d, ',' order by d collate "C"), '')) as sum
       from unnest($1::text[]) as d`,
        [list],
      );
      if (Number(stored?.n) === list.length && stored?.sum === wanted?.sum) return;
      await session.query(
        'delete from app_private.disposable_domains where domain <> all ($1::text[])',
        [list],
      );
      await session.query(
        `insert into app_private.disposable_domains (domain)
       select unnest($1::text[]) on conflict do nothing`,
        [list],
      );
    },
    { long: true },
  );
}

import type { RunningServer } from '../server/start.ts';

/**
 * bench/inbox-search.ts's data and searches. Words are made of the letters
 * a to p (md5's hex, its digits moved to g–p), drawn so that a few are very
 * common, as in prose: every prefix of a letter or two matches most leads.
 */
const LETTERS = 'abcdefghijklmnop';
const VOCABULARY = 2000;
/** Rows per insert statement: the embedded database builds each statement's rows in memory. */
const FILL_BATCH = 500;
/**
 * Distinct messages, dealt out in turn: drawing each lead's words took longer than storing it
 * (cutting 5,000 characters into words), and what a search costs does not depend on which
 * lead holds which words.
 */
const MESSAGES = 100;

/** `leads` leads of `chars` characters, stored as the owner (no email queued, no clock to set). */
export async function fillLeads(server: RunningServer, leads: number, chars: number) {
  await server.query('select setseed(0.39)');
  const [{ messages }] = (await server.query(
    `select array(
       select pg_catalog.rtrim(pg_catalog.left((
                -- 0 * j: the aggregate is this subquery's, once per message, not the outer query's.
                select pg_catalog.string_agg(
                         v.words[1 + pg_catalog.floor(pg_catalog.random() ^ 3 * $2)::int + 0 * j], ' ')
                from pg_catalog.generate_series(1, $3::int / 4) j where k > 0), $3::int))
       from pg_catalog.generate_series(1, $1::int) k,
            (select array(select pg_catalog.translate(
                                   pg_catalog.substr(pg_catalog.md5(w::text), 1, 3 + w % 6),
                                   '0123456789', 'ghijklmnop')
                          from pg_catalog.generate_series(1, $2::int) w) as words) v) as messages`,
    [MESSAGES, VOCABULARY, chars],
  )) as [{ messages: string[] }];
  await server.query('alter table public.contact_submissions disable trigger user');
  for (let from = 1; from <= leads; from += FILL_BATCH) {
    await server.query(
      `insert into public.contact_submissions
         (name, email, message, created_at, reply_due, diagnosis_due)
       select 'Lead ' || i, 'lead' || i || '@example.co.uk',
              ($3::text[])[1 + i % pg_catalog.cardinality($3::text[])],
              now() - pg_catalog.make_interval(mins => i), now() + interval '1 day',
              now() + interval '2 days'
       from pg_catalog.generate_series($1::int, $2::int) i`,
      [from, Math.min(leads, from + FILL_BATCH - 1), messages],
    );
  }
  await server.query('alter table public.contact_submissions enable trigger user');
  await server.query('analyze public.contact_submissions');
}

/** Letters a–p, over and over, `count` of them. */
const letters = (count: number) =>
  Array.from({ length: count }, (_, i) => LETTERS[i % LETTERS.length]).join('');

type Search = (path: string) => Promise<Response>;

/** The Inbox tab with a search, as the page asks for it (50 leads, newest first, counted). */
const pagePath = (view: string, select: string, search: string) =>
  `/rest/v1/${view}?select=${select}&suspected_spam=eq.false&status=neq.archived&${search}` +
  '&order=created_at.desc&offset=0&limit=50';

/**
 * The searches a member can send, by the page or by hand, that cost the
 * most: full-text queries where the server speaks them, else
 * `ilike` patterns as long as a URL carries.
 */
export async function worstSearches(search: Search): Promise<{ name: string; path: string }[]> {
  const probe = await search('/rest/v1/inbox_list?select=id&search=fts(simple).probe:*&limit=1');
  await probe.arrayBuffer();
  if (probe.ok) return fullTextSearches();
  // No full-text search on this server: the page's or=(…ilike…) with the longest pattern a URL
  // carries.
  const like = (pattern: string) =>
    pagePath(
      'inbox_leads',
      '*',
      `or=(name.ilike.${pattern},email.ilike.${pattern},message.ilike.${pattern})`,
    );
  return [
    { name: 'the page, 4,000 letters typed', path: like(`*${letters(4000)}*`) },
    { name: 'by hand, 2,000 wildcards', path: like(`*${[...letters(2000)].join('*')}*`) },
  ];
}

async function fullTextSearches() {
  // Imported here, not at the top: code without full-text search has no such modules.
  const { SEARCH_QUERY_MAX, SEARCH_TERM_MAX, searchQuery } = await import('../shared/search.ts');
  const { LEAD_COLUMNS } = await import('../src/inbox/lead.ts');
  const fts = (query: string) =>
    pagePath(
      'inbox_list',
      LEAD_COLUMNS.join(','),
      `search=fts(simple).${encodeURIComponent(query)}`,
    );
  /** Terms joined by `join` while the query stays within the server's bound. */
  const longest = (term: (i: number) => string, join: string) => {
    let query = term(0);
    for (let i = 1; query.length + join.length + term(i).length <= SEARCH_QUERY_MAX; i++) {
      query += join + term(i);
    }
    return query;
  };
  const oneLetterWords = [...letters(SEARCH_TERM_MAX / 2)].join(' ');
  return [
    { name: 'the page, 50 one-letter words typed', path: fts(searchQuery(oneLetterWords)) },
    { name: 'the page, one 100-letter word', path: fts(searchQuery(letters(SEARCH_TERM_MAX))) },
    { name: 'by hand, prefixes or-ed', path: fts(longest((i) => `${LETTERS[i % 16]}:*`, '|')) },
    {
      name: 'by hand, negated prefixes',
      path: fts(longest((i) => `!${LETTERS[i % 16]}${LETTERS[(i >> 4) % 16]}:*`, '&')),
    },
  ];
}

import type { SupabaseClient } from '@supabase/supabase-js';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import {
  SEARCH_CONFIG,
  SEARCH_QUERY_MAX,
  SEARCH_TERM_MAX,
  searchQuery,
} from '../../shared/search.ts';
import { describeOnEmbedded, sharedPerBackend } from './support/backends.ts';
import { signIn, startInboxServer, storeLead } from './support/inbox.ts';
import { spyOnSql } from './support/sql-spy.ts';

/**
 * The inbox's search (docs/inbox.md, "Search"): words looked up in
 * each lead's words, as the page sends it, and what a member could send by
 * hand bounded before it reaches the database.
 */
const searching = sharedPerBackend(async (kind) => {
  const inbox = await startInboxServer(kind);
  const client = inbox.client();
  const session = await signIn(client, inbox.sink);
  const ada = await storeLead(inbox.server, {
    name: 'Ada Lovelace',
    email: 'ada.king@analytical.example',
    message: 'We need a quote for our bakery website.\nThanks',
  });
  const bob = await storeLead(inbox.server, {
    name: 'Bob Stone',
    email: 'bob@example.co.uk',
    message: 'Plumbing, heating and boilers in Leeds',
  });
  /** A read by hand, as a member could send it. */
  const read = (query: string) =>
    inbox.fetch(`${inbox.url}/rest/v1/inbox_list?${query}`, {
      headers: { authorization: `Bearer ${session.access_token}` },
    });
  return { inbox, client, read, ada, bob, close: () => inbox.close() };
});

type Searching = ReturnType<ReturnType<typeof searching>>;

describeOnEmbedded('inbox search: what the page sends', (kind) => {
  const shared = searching(kind);
  let client: SupabaseClient;
  let ada: number;
  let bob: number;
  beforeAll(() => void ({ client, ada, bob } = shared()));

  /** The ids the page's search finds for what a member typed. */
  const found = async (typed: string) => {
    const { data, error } = await client
      .from('inbox_list')
      .select('id')
      .textSearch('search', searchQuery(typed), { config: SEARCH_CONFIG })
      .order('id');
    expect(error).toBeNull();
    return data!.map((row) => row.id as number);
  };

  it('finds a lead by a word of its message, its name or its email, in any case', async () => {
    expect(await found('bakery')).toEqual([ada]);
    expect(await found('LOVELACE')).toEqual([ada]);
    expect(await found('bob@example.co.uk')).toEqual([bob]);
    // Part of an address, and words taken from anywhere in the lead: all must be there.
    expect(await found('analytical')).toEqual([ada]);
    expect(await found('stone leeds')).toEqual([bob]);
    expect(await found('stone bakery')).toEqual([]);
  });

  it('finds the start of a word as it is typed', async () => {
    expect(await found('lov')).toEqual([ada]);
    expect(await found('boil')).toEqual([bob]);
    expect(await found('ada.ki')).toEqual([ada]);
  });

  it('answers whatever is typed, tsquery’s own syntax included, never refused', async () => {
    const typed = fc.string({ maxLength: SEARCH_TERM_MAX, unit: 'binary' });
    const tricky = fc.constantFrom("o'brien", 'a & | ! b', '(bakery', 'x <-> y', '\\', ':*', '');
    await fc.assert(
      fc.asyncProperty(fc.oneof(typed, tricky), async (term) => {
        const query = searchQuery(term);
        expect(query.length).toBeLessThanOrEqual(SEARCH_QUERY_MAX);
        if (!query) return;
        const { error } = await client
          .from('inbox_list')
          .select('id')
          .textSearch('search', query, { config: SEARCH_CONFIG });
        expect(error).toBeNull();
      }),
      { numRuns: 40 },
    );
  });

  it('never makes a query over the bound from the longest term', () => {
    const oneLetterWords = Array.from({ length: SEARCH_TERM_MAX / 2 }, () => 'a').join(' ');
    // 50 words of one letter, `a:*` each, 49 `&` between: the longest there is.
    expect(searchQuery(oneLetterWords).length).toBe(SEARCH_QUERY_MAX - 1);
    expect(searchQuery('a'.repeat(SEARCH_TERM_MAX * 2))).toBe(`${'a'.repeat(SEARCH_TERM_MAX)}:*`);
  });
});

describeOnEmbedded('inbox search: what a member might send by hand', (kind) => {
  const shared = searching(kind);
  let inbox: Searching['inbox'];
  let read: Searching['read'];
  beforeAll(() => void ({ inbox, read } = shared()));

  it('refuses a search over the bound with 400, in PostgREST’s shape, without running it', async () => {
    const sql = spyOnSql(inbox.server.database);
    const longest = `${'a:*&'.repeat(SEARCH_QUERY_MAX / 4 - 1)}aa:*`;
    expect(longest).toHaveLength(SEARCH_QUERY_MAX);
    expect((await read(`select=id&search=fts(simple).${encodeURIComponent(longest)}`)).status).toBe(
      200,
    );
    // The control: the spy saw the search at the bound run, so it would see one over it.
    const before = sql.reads().length;
    expect(before).toBe(1);
    const response = await read(`select=id&search=fts(simple).${'a'.repeat(SEARCH_QUERY_MAX + 1)}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: '54000',
      details: `A search may be ${SEARCH_QUERY_MAX} characters long; this one is ${SEARCH_QUERY_MAX + 1}.`,
      hint: 'Search for fewer or shorter words.',
      message: 'The search of inbox_list is too long',
    });
    expect(sql.reads()).toHaveLength(before);
  });

  it('refuses a pattern (like, ilike) on any column, the old or=(…) search and a phrase', async () => {
    const sql = spyOnSql(inbox.server.database);
    const refused = [
      'or=(message.ilike.*bakery*)',
      'or=(name.ilike.*ada*,email.ilike.*ada*)',
      'message=ilike.*bakery*',
      'message=like.*bakery*',
      'name=ilike.*ada*',
      'message=fts.bakery',
      'search=wfts(simple).bakery',
      'search=not.fts(simple).bakery',
      `search=fts(simple).${encodeURIComponent('a:* <-> b:*')}`,
    ];
    for (const query of refused) {
      const response = await read(`select=id&${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json(), query).toMatchObject({ code: 'PGRST127' });
    }
    expect(sql.reads()).toEqual([]);
    // The control: the search the page sends runs, and the same spy sees it.
    expect((await read('select=id&search=fts(simple).bakery')).status).toBe(200);
    expect(sql.reads()).toHaveLength(1);
  });

  it('answers a query PostgreSQL cannot read, or an unknown configuration, with its 400', async () => {
    const syntax = await read(`select=id&search=fts(simple).${encodeURIComponent('a & (')}`);
    expect(syntax.status).toBe(400);
    expect(await syntax.json()).toMatchObject({ code: '42601' });
    const config = await read('select=id&search=fts(klingon).bakery');
    expect(config.status).toBe(400);
    expect(await config.json()).toMatchObject({ code: '42704' });
  });
});

import { expect, it, onTestFinished } from 'vitest';
import { fillLeads, worstSearches } from '../../bench/inbox-search-cases.ts';
import { SEARCH_QUERY_MAX } from '../../shared/search.ts';
import { SERVER_TEST_BUDGET_MS } from '../support/budgets.ts';
import { describeOnEmbedded } from './support/backends.ts';
import { signIn, startInboxServer } from './support/inbox.ts';
import { buffersOf, explainAgain, planNodes, rowsLookedAt } from './support/query-plan.ts';
import { spyOnSql } from './support/sql-spy.ts';

/**
 * The worst search a member can send (docs/inbox.md, "Search"), bounded by
 * the work the database does, not by how long it took. The embedded database
 * has no statement_timeout, so this is the bound that holds there: each of the
 * costliest searches, by the page or by hand (bench/inbox-search-cases.ts),
 * over 10,000 leads of 5,000 characters, runs as plans that match each lead's
 * stored words once and read each lead's pages a few times, whatever the query.
 */

const LEADS = 10_000;
const CHARS = 5_000;
/**
 * Buffers a statement may touch per page the leads take (heap, TOAST, indexes): a few passes.
 * One pass touches each page about twice (each TOAST chunk through the TOAST index; 2.2 here),
 * and a plan may add a look-up by key per lead; one that read the leads again for each word of
 * the longest query would touch 50 times as many.
 */
const BUFFERS_PER_PAGE = 8;
/**
 * Storing the leads is most of the test: cutting 10,000 messages of 5,000 characters into words
 * took 40 s on the embedded database on a quiet 2-core machine, 80 s on a busy one.
 */
const FILL_AND_SEARCH_BUDGET_MS = 2 * SERVER_TEST_BUDGET_MS;

// The embedded database is the one without a statement timeout; its plan is the subject.
describeOnEmbedded('inbox search: the worst a member can send, over 10,000 leads', (kind) => {
  it(
    'matches each lead’s stored words once and reads its pages a bounded number of times',
    async () => {
      const inbox = await startInboxServer(kind);
      onTestFinished(() => inbox.close());
      await fillLeads(inbox.server, LEADS, CHARS);
      const [{ pages }] = (await inbox.server.query(
        `select pg_total_relation_size('public.contact_submissions')
              / current_setting('block_size')::int as pages`,
      )) as [{ pages: number }];
      const session = await signIn(inbox.client(), inbox.sink);
      const search = (path: string) =>
        inbox.fetch(`${inbox.url}${path}`, {
          headers: { authorization: `Bearer ${session.access_token}`, prefer: 'count=exact' },
        });
      const sql = spyOnSql(inbox.server.database);

      for (const { name, path } of await worstSearches(search)) {
        const from = sql.transactions.length;
        const response = await search(path);
        expect([200, 206], name).toContain(response.status);
        await response.arrayBuffer();
        const reads = sql.transactions
          .slice(from)
          .filter((statements) => /public\.inbox_list\b/.test(statements.at(-1)?.sql ?? ''));
        expect(reads, `${name}: the page and its count`).toHaveLength(2);
        for (const read of reads) {
          const plan = await explainAgain(inbox.server.database, read);
          const matching = planNodes(plan).filter((node) =>
            /@@/.test(`${node.Filter ?? ''} ${node['Index Cond'] ?? ''}`),
          );
          expect(matching, `${name}: where the words are matched`).toHaveLength(1);
          const [match] = matching as [(typeof matching)[number]];
          expect(rowsLookedAt(match), `${name}: leads matched`).toBeLessThanOrEqual(LEADS);
          expect(buffersOf(plan), `${name}: buffers`).toBeLessThanOrEqual(BUFFERS_PER_PAGE * pages);
          // The stored words, not words cut from each message at every read.
          expect(match.Filter, name).toMatch(/^\(.*\bsearch @@ '/);
        }
      }

      // One character longer than the longest there is: refused before the database is asked.
      const before = sql.reads().length;
      const over = await search(
        `/rest/v1/inbox_list?select=id&search=fts(simple).${'a'.repeat(SEARCH_QUERY_MAX + 1)}`,
      );
      expect(over.status).toBe(400);
      expect(await over.json()).toMatchObject({ code: '54000' });
      expect(sql.reads()).toHaveLength(before);
    },
    FILL_AND_SEARCH_BUDGET_MS,
  );
});

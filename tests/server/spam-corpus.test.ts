import { afterEach, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { SERVER_TEST_BUDGET_MS } from '../support/budgets.ts';
import { scoreCorpus } from '../support/spam-corpus-score.ts';
import { describeOnEmbedded, freshBackend, type Backend } from './support/backends.ts';

// Some 220 inserts and 20 marks a test: the project's budget for a test that does a server's work.

/**
 * The content spam score judged on the corpus (tests/support/spam-corpus.ts), precision first:
 * once the agency has marked its ten of each kind, no real enquiry of the test set is held. The
 * share of spam held is printed by `npm run bench:spam` and held here at its floor, so a change
 * that lets more spam through fails. One backend: the score is the same SQL on both
 * (spam-score.test.ts runs each signal on both).
 */

/** The share of the test set's spam held after the marks: at least 90 % (measured: 83 of 92, 0.902). */
const RECALL_FLOOR = 0.9;

let opened: { backend: Backend; db: Database } | undefined;
afterEach(async () => {
  await opened?.db.close();
  await opened?.backend.dispose();
  opened = undefined;
});

async function fresh() {
  const backend = await freshBackend('embedded');
  opened = { backend, db: await openDatabase(backend.options) };
  return opened.db;
}

describeOnEmbedded('the spam score on the corpus', () => {
  it(
    'holds no real enquiry once the agency has marked ten of each, and most of the spam',
    async () => {
      const figures = await scoreCorpus(await fresh(), true);
      expect(figures.realHeld.map((one) => one.lead.message.slice(0, 60))).toEqual([]);
      expect(figures.recall).toBeGreaterThanOrEqual(RECALL_FLOOR);
    },
    SERVER_TEST_BUDGET_MS,
  );

  it(
    'holds spam on its signals alone before any mark, and the hard real cases it holds are few',
    async () => {
      const figures = await scoreCorpus(await fresh(), false);
      expect(figures.recall).toBeGreaterThan(0.4);
      // Untrained, only a hacked site's owner is held (its host's notice and its scanner's words):
      // the learned model's real leads are what lets it through.
      expect(figures.realHeld.length).toBeLessThanOrEqual(1);
    },
    SERVER_TEST_BUDGET_MS,
  );
});

import type { Database } from '../../server/db/database.ts';
import { writeDisposableDomains } from '../../server/db/disposable-domains.ts';
import { TEST_SET, TRAINING, type CorpusLead } from './spam-corpus.ts';

/** One corpus lead as the database judged it. */
interface Judged {
  lead: CorpusLead;
  held: boolean;
  reasons: string[];
}

/** Precision first: what share of the real test leads passed, and of the spam was held. */
export interface CorpusFigures {
  realHeld: Judged[];
  spamPassed: Judged[];
  realCount: number;
  spamCount: number;
  /** Share of the spam held (recall), 0 to 1. */
  recall: number;
  /** Share of the held leads that were spam (precision), 0 to 1; 1 when none is held. */
  precision: number;
}

async function store(
  db: Database,
  lead: CorpusLead,
): Promise<{ id: number } & Omit<Judged, 'lead'>> {
  const [row] = await db.query(
    `insert into public.contact_submissions (name, email, message)
     values ($1, $2, $3) returning id, suspected_spam, spam_reasons`,
    [lead.name, lead.email, lead.message],
  );
  return {
    id: Number(row!.id),
    held: Boolean(row!.suspected_spam),
    reasons: (row!.spam_reasons ?? []) as string[],
  };
}

/**
 * Scores the corpus's test set on a fresh, migrated database, as the page would store each lead,
 * after the agency has marked the training set ("Spam" on its 10 spam, "Not spam" or a reply on
 * its 10 real) when `trained`, or with the model untrained.
 */
export async function scoreCorpus(db: Database, trained: boolean): Promise<CorpusFigures> {
  await writeDisposableDomains(db);
  if (trained) {
    for (const lead of TRAINING) {
      const { id } = await store(db, lead);
      await db.query('select app_private.spam_learn($1, $2)', [id, lead.kind === 'spam']);
    }
  }
  const judged: Judged[] = [];
  for (const lead of TEST_SET) judged.push({ lead, ...(await store(db, lead)) });
  const real = judged.filter((one) => one.lead.kind === 'real');
  const spam = judged.filter((one) => one.lead.kind === 'spam');
  const spamHeld = spam.filter((one) => one.held).length;
  const held = judged.filter((one) => one.held).length;
  return {
    realHeld: real.filter((one) => one.held),
    spamPassed: spam.filter((one) => !one.held),
    realCount: real.length,
    spamCount: spam.length,
    recall: spamHeld / spam.length,
    precision: held === 0 ? 1 : spamHeld / held,
  };
}

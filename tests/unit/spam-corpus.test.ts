import { describe, expect, it } from 'vitest';
import { validateSubmission } from '../../shared/validation';
import { SPAM_CORPUS, TEST_SET, TRAINING, type CorpusLead } from '../support/spam-corpus';

/** Enough of each kind that one misjudged message moves precision by about a point. */
const MIN_PER_KIND = 100;
/** Enough of each kind of spam that no single wording stands for it. */
const MIN_PER_SPAM_CATEGORY = 6;
const TRAINING_PER_KIND = 10;
const SPAM_CATEGORIES = [
  'seo-pitch',
  'site-audit',
  'guest-post',
  'outsourcing',
  'followers-reviews',
  'loans-funding',
  'crypto-forex',
  'casino',
  'pharmacy',
  'data-lists',
  'fake-renewal',
  'foreign-script',
];
const CYRILLIC_OR_CHINESE = /[\p{Script=Cyrillic}\p{Script=Han}]/u;

const ofKind = (leads: readonly CorpusLead[], kind: CorpusLead['kind']) =>
  leads.filter((lead) => lead.kind === kind);

describe('the spam corpus', () => {
  it('holds at least 100 real enquiries and 100 spam', () => {
    expect(ofKind(SPAM_CORPUS, 'real').length).toBeGreaterThanOrEqual(MIN_PER_KIND);
    expect(ofKind(SPAM_CORPUS, 'spam').length).toBeGreaterThanOrEqual(MIN_PER_KIND);
  });

  it.each(SPAM_CATEGORIES)('holds at least 6 spam of category %s', (category) => {
    const spam = ofKind(SPAM_CORPUS, 'spam').filter((lead) => lead.category === category);
    expect(spam.length).toBeGreaterThanOrEqual(MIN_PER_SPAM_CATEGORY);
  });

  it('holds at least 6 spam in Cyrillic or Chinese script', () => {
    const foreign = ofKind(SPAM_CORPUS, 'spam').filter((lead) =>
      CYRILLIC_OR_CHINESE.test(lead.message),
    );
    expect(foreign.length).toBeGreaterThanOrEqual(MIN_PER_SPAM_CATEGORY);
  });

  it('holds one blast: four spam sharing an id, from four addresses and names', () => {
    const blast = SPAM_CORPUS.filter((lead) => lead.blast !== undefined);
    expect(blast.map((lead) => [lead.kind, lead.category, lead.blast])).toEqual(
      Array(4).fill(['spam', 'blast', 'b1']),
    );
    expect(new Set(blast.map((lead) => lead.email)).size).toBe(4);
    expect(new Set(blast.map((lead) => lead.name)).size).toBe(4);
  });

  it('trains on exactly 10 of each kind, each from its own category, never a hard case or a blast', () => {
    for (const kind of ['real', 'spam'] as const) {
      const training = ofKind(TRAINING, kind);
      expect(training).toHaveLength(TRAINING_PER_KIND);
      expect(new Set(training.map((lead) => lead.category)).size).toBe(TRAINING_PER_KIND);
      expect(training.filter((lead) => lead.hard || lead.blast)).toEqual([]);
    }
    expect(TRAINING.length + TEST_SET.length).toBe(SPAM_CORPUS.length);
    expect(TEST_SET.filter((lead) => lead.train)).toEqual([]);
  });

  it('holds only submissions the form accepts as they are', () => {
    const refused = SPAM_CORPUS.filter((lead) => {
      const result = validateSubmission(lead);
      const { name, email, message } = lead;
      return (
        !result.ok || JSON.stringify(result.value) !== JSON.stringify({ name, email, message })
      );
    });
    expect(refused.map((lead) => lead.name)).toEqual([]);
  });

  it('repeats no message outside the blast', () => {
    const messages = SPAM_CORPUS.filter((lead) => !lead.blast).map((lead) => lead.message.trim());
    const repeated = messages.filter((message, i) => messages.indexOf(message) !== i);
    expect(repeated).toEqual([]);
  });
});

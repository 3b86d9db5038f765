import { describe, expect, it } from 'vitest';
import { spamReason, spamReasons } from '../../shared/copy/spam-reasons.ts';

/** The score's reason codes (supabase/schemas/55_spam_score.sql) as a member reads them. */
describe('spam reasons in plain words', () => {
  it('words each code the score writes, with its count', () => {
    expect(
      spamReasons([
        'links:2',
        'links:3',
        'link_in_name',
        'link_in_email',
        'pitch:seo',
        'pitch:owner',
        'dollars',
        'second_person',
        'script',
        'disposable',
        'blast:1',
        'blast:2',
        'blast:10+',
        'learned',
        'honeypot',
        'marked',
      ]),
    ).toEqual([
      '2 links',
      '3 links',
      'a link in the name',
      'a link in the email address',
      'reads like a search-ranking or backlink pitch',
      'calls you “website owner” or “business owner”, as mass pitches do',
      'quotes prices in US dollars',
      'writes of your website and business, never of its own',
      'written in another script',
      'a throwaway email address',
      'same text as 1 other lead in the last 3 days',
      'same text as 2 other leads in the last 3 days',
      'same text as 10 or more other leads in the last 3 days',
      'like leads you marked spam',
      'filled in the hidden field only bots see',
      'marked as spam by a member',
    ]);
  });

  it('shows a code it does not know as it is, rather than hiding it', () => {
    expect(spamReason('something_new')).toBe('something_new');
    expect(spamReasons(null)).toEqual([]);
  });
});

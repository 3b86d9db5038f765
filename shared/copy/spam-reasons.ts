/**
 * Why a lead was held as suspected spam, in plain words: the codes the
 * database's score writes (supabase/schemas/55_spam_score.sql, spam_reasons),
 * worded once for the inbox and the exports.
 */

/** Each pitch kind of app_private.spam_phrases, as a member reads it. */
const PITCHES: Readonly<Record<string, string>> = {
  seo: 'reads like a search-ranking or backlink pitch',
  outsourcing: 'offers developers or assistants by the hour',
  followers: 'sells followers or reviews',
  loans: 'offers loans or funding',
  crypto: 'pitches crypto or trading',
  casino: 'pitches gambling',
  pharmacy: 'pitches pills or a pharmacy',
  data_lists: 'sells email or contact lists',
  renewal: 'reads like a fake renewal notice',
  // Examples of the kind, with "such as": the lead's own words may be others of it.
  cold: 'opens as mass pitches do (such as “Dear friend” or “Are you the owner of…”)',
  greeting:
    'opens formally, as mass pitches do too (such as “Dear Sir/Madam” or “I noticed your website”)',
  owner: 'calls you “website owner” or “business owner”, as mass pitches do',
  bulk: 'has a mailing-list footer (unsubscribe)',
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** One code in plain words; an unknown code is shown as it is rather than hidden. */
export function spamReason(code: string): string {
  const [kind = '', detail = ''] = code.split(':');
  const count = Number(detail);
  switch (kind) {
    case 'links':
      return plural(count, 'link', 'links');
    case 'link_in_name':
      return 'a link in the name';
    case 'link_in_email':
      return 'a link in the email address';
    case 'pitch':
      return PITCHES[detail] ?? `a ${detail} pitch`;
    case 'second_person':
      return 'writes of your website and business, never of its own';
    case 'script':
      return 'written in another script';
    case 'dollars':
      return 'quotes prices in US dollars';
    case 'disposable':
      return 'a throwaway email address';
    case 'blast':
      // 'blast:10+': the database stops counting at 10 other senders.
      return detail.endsWith('+')
        ? `same text as ${parseInt(detail, 10)} or more other leads in the last 3 days`
        : `same text as ${plural(count, 'other lead', 'other leads')} in the last 3 days`;
    case 'learned':
      return 'like leads you marked spam';
    case 'honeypot':
      return 'filled in the hidden field only bots see';
    case 'marked':
      return 'marked as spam by a member';
    default:
      return code;
  }
}

/** The reasons of a lead, in plain words, in the order the score found them. */
export const spamReasons = (codes: readonly string[] | null | undefined): string[] =>
  (codes ?? []).map(spamReason);

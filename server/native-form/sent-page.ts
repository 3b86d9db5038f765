import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { nativeFormPageCopy as copy } from '../../shared/copy/native-form-pages.ts';
import { MESSAGES } from '../../shared/copy/contact-messages.ts';
import { NATIVE_FORM_FILES, REFUSAL_SLOTS } from '../../shared/refusal-slots.ts';
import {
  isSubmissionReference,
  referenceKeyRange,
  submissionReference,
} from '../../shared/reference.ts';
import { responseTime } from '../../shared/response-time.ts';
import type { WorkingHours } from '../../shared/working-hours.ts';
import type { Database } from '../db/database.ts';
import { escapeHtml } from '../../shared/escape-html.ts';
import { isBankHoliday } from '../leads/clocks/bank-holidays.ts';
import { plainPage } from './page-template.ts';

/**
 * The confirmation after a form sent without JavaScript, with the reference
 * the visitor can quote (docs/product.md#exactly-once): the build's
 * prerendered template with the reference and the reply time (replyTimeOf)
 * filled in. A reference is not personal data (it is derived from a random
 * key), so it may be in the URL. Returns undefined for text that is not a
 * reference.
 */
export function loadSentPage(
  distDir: string,
): (reference: string, replyBy: string | undefined) => string | undefined {
  const file = join(distDir, NATIVE_FORM_FILES.sentTemplate);
  const template = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  return (reference, replyBy) => {
    // Only our own alphabet and a hyphen: nothing to escape, nothing to inject.
    if (!isSubmissionReference(reference)) return undefined;
    const thanks = replyBy ? `${MESSAGES.sent} ${replyBy}` : MESSAGES.sent;
    if (!template) {
      return plainPage(copy.sent.title, `${thanks} ${copy.referenceLead} ${reference}`);
    }
    return template
      .replaceAll(REFUSAL_SLOTS.reference, reference)
      .replace(` ${REFUSAL_SLOTS.replyBy}`, replyBy ? ` ${escapeHtml(replyBy)}` : '');
  };
}

/**
 * "We'll reply by 17:30 today (UK time).": the clocks' rule at the time the
 * lead with this reference arrived, the same the page's thanks toast says; the
 * zone is named, as a page without script cannot know the visitor's. Undefined
 * when no stored lead has the reference (or it cannot be read now): the
 * confirmation then says only the thanks.
 */
export async function replyTimeOf(
  db: Database,
  reference: string,
  hours: WorkingHours,
): Promise<string | undefined> {
  if (!isSubmissionReference(reference)) return undefined;
  try {
    // Of two leads sharing a reference (about 1 in 20,000 among 10,000), the newer.
    const [row] = await db.query(
      `select max(created_at) as created_at from public.contact_submissions
       where submission_key between $1::uuid and $2::uuid`,
      referenceKeyRange(reference),
    );
    if (row?.created_at == null) return undefined;
    return responseTime(new Date(row.created_at as string), hours, isBankHoliday).sentence;
  } catch {
    return undefined;
  }
}

/**
 * The reference of the same words stored in the last 10 minutes (a native
 * post's own row, once stored, or an earlier one), as the database's trigger
 * finds it: app_private.same_words_key(). Undefined when there is none; throws
 * what the database does.
 */
export async function sameWordsReference(
  db: Database,
  { name, email, message }: { name: string; email: string; message: string },
): Promise<string | undefined> {
  const [row] = await db.query('select app_private.same_words_key($1, $2, $3)::text as key', [
    email,
    name,
    message,
  ]);
  return typeof row?.key === 'string' ? submissionReference(row.key) : undefined;
}

/**
 * The reference of the submission a native post was stored as. Undefined if it
 * cannot be read now; the visitor then gets the confirmation without it.
 */
export async function referenceOfSameWords(
  db: Database,
  words: { name: string; email: string; message: string },
): Promise<string | undefined> {
  return sameWordsReference(db, words).catch(() => undefined);
}

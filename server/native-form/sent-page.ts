import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contactReplyCopy as copy } from '../../src/content/contact-reply.ts';
import { MESSAGES } from '../../src/content/contact.ts';
import { REPLY_FILES, REPLY_TOKENS } from '../../contact/reply-tokens.ts';
import { isSubmissionReference, submissionReference } from '../../contact/reference.ts';
import type { Database } from '../db/database.ts';
import { plainPage } from './reply-pages.ts';

/**
 * The confirmation after a form sent without JavaScript, with the reference
 * the visitor can quote (docs/product.md#exactly-once): the build's
 * prerendered template with the reference filled in. A reference is not
 * personal data (it is derived from a random key), so it may be in the URL.
 * Returns undefined for text that is not a reference.
 */
export function loadSentPage(distDir: string): (reference: string) => string | undefined {
  const file = join(distDir, REPLY_FILES.sentTemplate);
  const template = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  return (reference) => {
    // Only our own alphabet and a hyphen: nothing to escape, nothing to inject.
    if (!isSubmissionReference(reference)) return undefined;
    if (!template) {
      return plainPage(copy.sent.title, `${MESSAGES.sent} ${copy.referenceLead} ${reference}`);
    }
    return template.replaceAll(REPLY_TOKENS.reference, reference);
  };
}

/**
 * The reference of the submission a native post was stored as: its own row's,
 * or that of the same words stored in the last 10 minutes, which the
 * database's trigger gave it: both ask app_private.same_words_key(). Undefined if
 * it cannot be read now; the visitor then gets the confirmation without it.
 */
export async function referenceOfSameWords(
  db: Database,
  { name, email, message }: { name: string; email: string; message: string },
): Promise<string | undefined> {
  try {
    const [row] = await db.query('select app_private.same_words_key($1, $2, $3)::text as key', [
      email,
      name,
      message,
    ]);
    return typeof row?.key === 'string' ? submissionReference(row.key) : undefined;
  } catch {
    return undefined;
  }
}

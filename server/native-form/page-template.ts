import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NATIVE_FORM_FILES, REFUSAL_SLOTS } from '../../shared/refusal-slots.ts';
import {
  CONTACT_FIELDS,
  type ContactField,
  type ContactSubmission,
} from '../../shared/validation.ts';
import { escapeHtml } from '../../shared/escape-html.ts';

export interface Refusal {
  title: string;
  problem: string;
  text: string;
  /** The visitor's words, put back in the fields (never in a URL). */
  values: ContactSubmission;
  /** The field the problem is about, if one is: marked invalid on the page, the problem linking to it. */
  field?: ContactField;
}

const TOKEN_KEYS = new Map<string, string>(
  Object.entries(REFUSAL_SLOTS).map(([key, token]) => [token, key]),
);
const ANY_TOKEN = new RegExp([...TOKEN_KEYS.keys()].join('|'), 'g');

/**
 * The refusal page: the build's prerendered template (scripts/build.mjs) with
 * the words filled in, escaped; for a problem with one field, that field's
 * template, where it is marked invalid (a build from before those has only
 * the general one). Without a build (an API-only server) a plain page says
 * the same, so a refusal never goes unexplained.
 */
export function loadRefusalPage(distDir: string): (refusal: Refusal) => string {
  const read = (file: string) => {
    const path = join(distDir, file);
    return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  };
  const general = read(NATIVE_FORM_FILES.template);
  const ofField = new Map(
    CONTACT_FIELDS.map((field) => [field, read(NATIVE_FORM_FILES[`${field}Template`])]),
  );
  return (refusal) => {
    const template = (refusal.field && ofField.get(refusal.field)) || general;
    const filled: Record<keyof typeof REFUSAL_SLOTS, string> = {
      title: refusal.title,
      problem: refusal.problem,
      text: refusal.text,
      ...refusal.values,
      // Only the confirmation carries these (sent-page.ts).
      reference: '',
      replyBy: '',
    };
    if (!template) return plainPage(refusal.title, `${refusal.problem} ${refusal.text}`);
    // One pass, so a visitor's words that look like a token stay words.
    return template.replace(ANY_TOKEN, (token) => {
      const key = TOKEN_KEYS.get(token) as keyof typeof REFUSAL_SLOTS;
      const value = escapeHtml(filled[key]);
      // A textarea drops one newline right after its start tag; keep the visitor's.
      return key === 'message' && value.startsWith('\n') ? `\n${value}` : value;
    });
  };
}

/** A page with no site around it: for a request we will not serve the site's form to. */
export function plainPage(title: string, text: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8" /><meta name="robots" content="noindex" /><title>${escapeHtml(title)}</title></head>
<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body>
</html>
`;
}

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  NATIVE_FORM_FILES,
  REFUSAL_SLOTS,
  REFUSED_FIELD_SETS,
  refusalTemplateFile,
} from '../../shared/refusal-slots.ts';
import {
  CONTACT_FIELDS,
  type ContactField,
  type ContactSubmission,
  type FieldProblem,
} from '../../shared/validation.ts';
import { escapeHtml } from '../../shared/escape-html.ts';

export interface Refusal {
  title: string;
  problem: string;
  text: string;
  /** The visitor's words, put back in the fields (never in a URL). */
  values: ContactSubmission;
  /**
   * The fields the refusal is about, if any, each with why: listed in the summary, each linking
   * to its field, which is marked invalid and described by it. `problem` then is what a page
   * with one line for it says (a build from before the list, or none).
   */
  problems?: readonly FieldProblem[];
}

const TOKEN_KEYS = new Map<string, string>(
  Object.entries(REFUSAL_SLOTS).map(([key, token]) => [token, key]),
);
const ANY_TOKEN = new RegExp([...TOKEN_KEYS.keys()].join('|'), 'g');

/**
 * The refusal page: the build's prerendered template (scripts/build.mjs) with
 * the words filled in, escaped; for problems with fields, the template of
 * that set of fields, where they are marked invalid (a build from before
 * those has the general one, or one field's). Without a build (an API-only
 * server) a plain page says the same, so a refusal never goes unexplained.
 */
export function loadRefusalPage(distDir: string): (refusal: Refusal) => string {
  const read = (file: string) => {
    const path = join(distDir, file);
    return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  };
  const general = read(NATIVE_FORM_FILES.template);
  const ofFields = new Map(
    REFUSED_FIELD_SETS.map((fields) => {
      const file = refusalTemplateFile(fields);
      return [file, read(file)];
    }),
  );
  return (refusal) => {
    const problems = refusal.problems ?? [];
    const said = (field: ContactField) => problems.find((p) => p.field === field)?.message ?? '';
    const named = CONTACT_FIELDS.filter((field) => said(field) !== '');
    const template = (named.length > 0 && ofFields.get(refusalTemplateFile(named))) || general;
    const filled: Record<keyof typeof REFUSAL_SLOTS, string> = {
      title: refusal.title,
      problem: refusal.problem,
      text: refusal.text,
      ...refusal.values,
      nameProblem: said('name'),
      emailProblem: said('email'),
      messageProblem: said('message'),
      // Only the confirmation carries these (sent-page.ts).
      reference: '',
      replyBy: '',
    };
    if (!template) {
      const list = problems.map((p) => p.message);
      return plainPage(refusal.title, `${refusal.problem} ${refusal.text}`, list);
    }
    // One pass, so a visitor's words that look like a token stay words.
    return template.replace(ANY_TOKEN, (token) => {
      const key = TOKEN_KEYS.get(token) as keyof typeof REFUSAL_SLOTS;
      const value = escapeHtml(filled[key]);
      // A textarea drops one newline right after its start tag; keep the visitor's.
      return key === 'message' && value.startsWith('\n') ? `\n${value}` : value;
    });
  };
}

/**
 * A page with no site around it: for a request we will not serve the site's form to, or a server
 * without a build. `list`: each refused field's problem, as the site's page lists them.
 */
export function plainPage(title: string, text: string, list: readonly string[] = []): string {
  const items = list.map((item) => `<li>${escapeHtml(item)}</li>`).join('');
  return `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8" /><meta name="robots" content="noindex" /><title>${escapeHtml(title)}</title></head>
<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${items && `<ul>${items}</ul>`}</body>
</html>
`;
}

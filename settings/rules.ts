/**
 * The rules a setting's value may follow, as zod schemas that read the
 * environment's text. Each one describes itself (`.describe`): the rule column
 * of docs/configuration.md is written from these descriptions
 * (scripts/configuration-docs.ts), so the words and the check cannot part.
 */
import { z } from 'zod';

/** The one whole-number rule: digits only (no sign, point or exponent), within a range. */
export function wholeNumber(min: number, max: number) {
  const error = (issue: { input?: unknown }) =>
    `must be a whole number from ${min} to ${max}, got "${String(issue.input)}"`;
  return z
    .string()
    .regex(/^\d+$/, { error })
    .transform(Number)
    .pipe(z.number().min(min, { error }).max(max, { error }))
    .describe(`whole number, ${min} to ${max}`);
}

/** A value `problemOf` accepts; its message never quotes the value (it may be a secret). */
export const secret = (rule: string, problemOf: (value: string) => string | undefined) =>
  z
    .string()
    .check((ctx) => {
      const problem = problemOf(ctx.value);
      if (problem) ctx.issues.push({ code: 'custom', message: problem, input: '' });
    })
    .describe(`${rule}; never quoted in an error`);

/** A value a parser turns into another, or explains. */
export const parsed = <T>(
  rule: string,
  parse: (text: string) => { value: T } | { problem: string },
) =>
  z
    .string()
    .transform((text, ctx) => {
      const result = parse(text);
      if ('value' in result) return result.value;
      ctx.addIssue({ code: 'custom', message: result.problem });
      return z.NEVER;
    })
    .describe(rule);

/** A comma-separated list, empty entries and repeats dropped, each entry checked. */
export const list = (rule: string, problemOf: (entry: string) => string | undefined) =>
  z
    .string()
    .default('')
    .transform((text, ctx) => {
      const entries = [...new Set(text.split(',').map((entry) => entry.trim()))].filter(Boolean);
      for (const entry of entries) {
        const problem = problemOf(entry);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }
      return entries;
    })
    .describe(`comma-separated ${rule}`);

/** Whether a value is an http(s) URL (the site, the page's API, a social link). */
function isHttpUrl(value: string): boolean {
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
}

/**
 * An http(s) URL, written one way whoever reads it: as the URL standard
 * serialises it (scheme and host lowercased, default port dropped), without a
 * trailing slash. A site URL typed as https://Example.co.uk/ is then the same
 * https://example.co.uk in the page's canonical link and in lead emails.
 */
export const httpUrl = parsed('http(s) URL; host lowercased, trailing / dropped', (text) =>
  isHttpUrl(text)
    ? { value: new URL(text).href.replace(/\/+$/, '') }
    : { problem: `must be an http(s) URL, got "${text}"` },
);

/**
 * The rule a schema describes, looking through the wrappers (`.optional()`,
 * `.default()`) that zod gives no description of their own.
 */
export function ruleOf(schema: z.ZodType): string | undefined {
  let current: z.ZodType | undefined = schema;
  while (current) {
    if (current.description) return current.description;
    const def = current._zod.def as { innerType?: z.ZodType; in?: z.ZodType };
    current = def.innerType ?? def.in;
  }
  return undefined;
}

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadRefusalPage, type Refusal } from '../../server/native-form/page-template.ts';
import { MESSAGES } from '../../shared/copy/contact-messages.ts';
import {
  NATIVE_FORM_FILES,
  REFUSAL_SLOTS,
  REFUSED_FIELD_SETS,
  refusalTemplateFile,
} from '../../shared/refusal-slots.ts';
import { CONTACT_FIELDS } from '../../shared/validation.ts';
import { parseSiteEnv, type SiteConfig } from '../../src/config/env.ts';

const t = REFUSAL_SLOTS;

/** A build's refusal templates, each reduced to its file's name and the problems' slots. */
function buildWith(files: string[]): string {
  const dist = mkdtempSync(join(tmpdir(), 'refusal-page-'));
  onTestFinished(() => rmSync(dist, { recursive: true, force: true }));
  for (const name of files) {
    const file = join(dist, name);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(
      file,
      `${name}: ${t.problem}|${t.nameProblem}|${t.emailProblem}|${t.messageProblem}`,
    );
  }
  return dist;
}

const refusal: Refusal = {
  title: 'Please check your message',
  problem: MESSAGES.missing,
  text: '',
  values: { name: '', email: 'jane@example', message: '' },
  problems: [
    { field: 'name', message: MESSAGES.empty.name },
    { field: 'email', message: MESSAGES.invalidEmail },
  ],
};
const NAME_EMAIL = refusalTemplateFile(['name', 'email']);

/**
 * A refusal about fields answers with the page of that set of fields, where each is marked invalid
 * and listed; the API of topology 3 may serve a build from before those pages, whose general page
 * still says it.
 */
describe('the refusal page', () => {
  it('is the page of the fields the problems are about, each field’s words in its place', () => {
    const page = loadRefusalPage(buildWith([NATIVE_FORM_FILES.template, NAME_EMAIL]));
    expect(page(refusal)).toBe(
      `${NAME_EMAIL}: ${MESSAGES.missing}|${MESSAGES.empty.name}|${MESSAGES.invalidEmail}|`,
    );
    expect(page({ ...refusal, problems: undefined })).toBe(
      `${NATIVE_FORM_FILES.template}: ${MESSAGES.missing}|||`,
    );
  });

  it('is the general page in a build without that set’s', () => {
    const page = loadRefusalPage(buildWith([NATIVE_FORM_FILES.template]));
    expect(page(refusal)).toBe(
      `${NATIVE_FORM_FILES.template}: ${MESSAGES.missing}|${MESSAGES.empty.name}|${MESSAGES.invalidEmail}|`,
    );
  });

  it('is built for every set of fields, marking and listing exactly those', async () => {
    // The build's configuration, as vite.config.ts defines it, before the pages' modules read it.
    (globalThis as { __SITE_CONFIG__?: SiteConfig }).__SITE_CONFIG__ = parseSiteEnv({});
    const { renderNativeFormPages } =
      await import('../../src/features/contact/render-native-form-pages.tsx');
    const pages = renderNativeFormPages();
    for (const fields of REFUSED_FIELD_SETS) {
      const { body } = pages[refusalTemplateFile(fields)]!;
      const marked = [...body.matchAll(/<(?:input|textarea) id="(\w+)" aria-invalid="true"/g)];
      expect(marked.map(([, id]) => id)).toEqual(fields);
      for (const field of CONTACT_FIELDS) {
        const slot = t[`${field}Problem`];
        // Above the field, and in the summary as a link to it; in no other page.
        const links = body.split(`<a href="#${field}"`).length - 1;
        expect(links, `${fields.join('+')}: the link to ${field}`).toBe(
          fields.includes(field) ? 1 : 0,
        );
        expect(body.split(slot).length - 1).toBe(fields.includes(field) ? 2 : 0);
      }
    }
  });
});

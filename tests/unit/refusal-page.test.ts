import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadRefusalPage, type Refusal } from '../../server/native-form/page-template.ts';
import { MESSAGES } from '../../shared/copy/contact-messages.ts';
import { NATIVE_FORM_FILES, REFUSAL_SLOTS } from '../../shared/refusal-slots.ts';

/** A build's refusal templates, each reduced to its name and a slot (render-native-form-pages.tsx). */
function buildWith(files: (keyof typeof NATIVE_FORM_FILES)[]): string {
  const dist = mkdtempSync(join(tmpdir(), 'refusal-page-'));
  onTestFinished(() => rmSync(dist, { recursive: true, force: true }));
  for (const name of files) {
    const file = join(dist, NATIVE_FORM_FILES[name]);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${name}: ${REFUSAL_SLOTS.problem}`);
  }
  return dist;
}

const refusal: Refusal = {
  title: 'Please check your message',
  problem: MESSAGES.invalidEmail,
  text: '',
  values: { name: 'Jane', email: 'jane@example', message: 'Hello' },
  field: 'email',
};

/**
 * A refusal about one field answers with that field's page, where it is marked invalid; the API
 * of topology 3 may serve a build from before those pages, whose general page still says it.
 */
describe('the refusal page', () => {
  it('is the page of the field the problem is about', () => {
    const page = loadRefusalPage(buildWith(['template', 'emailTemplate']));
    expect(page(refusal)).toBe(`emailTemplate: ${MESSAGES.invalidEmail}`);
    expect(page({ ...refusal, field: undefined })).toBe(`template: ${MESSAGES.invalidEmail}`);
  });

  it('is the general page in a build without the field’s', () => {
    const page = loadRefusalPage(buildWith(['template']));
    expect(page(refusal)).toBe(`template: ${MESSAGES.invalidEmail}`);
  });
});

import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, it, onTestFinished } from 'vitest';
import { submissionReference } from '../../shared/reference.ts';
import { NATIVE_FORM_FILES, REFUSAL_SLOTS } from '../../shared/refusal-slots.ts';
import { readWorkingHours } from '../../shared/working-hours.ts';
import { escapeHtml } from '../../shared/escape-html.ts';
import { MESSAGES } from '../../shared/copy/contact-messages.ts';
import { describeOnEmbedded, sharedPerBackend, testApp, type TestApp } from './support/backends.ts';

/**
 * The confirmation of the form without JavaScript says when the
 * reply is due, by the clocks' rule at the time the lead arrived (its row's
 * created_at, which the test writes: no clock is waited for). The page cannot
 * know the visitor's time zone, so the agency's is named.
 */

const STATIC_CONFIRMATION = '<p>Thanks, without a reference</p>';

/** The build's confirmation template, reduced to its tokens (src/features/contact/render-native-form-pages.tsx). */
function siteWithTemplate(): string {
  const dist = mkdtempSync(join(tmpdir(), 'response-time-site-'));
  const file = join(dist, NATIVE_FORM_FILES.sentTemplate);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    `<p>${escapeHtml(MESSAGES.sent)} ${REFUSAL_SLOTS.replyBy}</p><strong>${REFUSAL_SLOTS.reference}</strong>`,
  );
  // The static site (server/plugins/static-site.ts) and its confirmation without a reference.
  writeFileSync(join(dist, 'index.html'), '<p>The page</p>');
  mkdirSync(join(dist, 'contact', 'sent'), { recursive: true });
  writeFileSync(join(dist, NATIVE_FORM_FILES.sent), STATIC_CONFIRMATION);
  return dist;
}

const app = sharedPerBackend(async (kind) => {
  const distDir = siteWithTemplate();
  const t = await testApp(kind, {}, { distDir });
  return { t, close: async () => (await t.close(), rmSync(distDir, { recursive: true })) };
});

/** A lead stored at `createdAt`, as the form stores one; its reference. */
async function leadAt(t: TestApp, createdAt: string): Promise<string> {
  const key = randomUUID();
  await t.db.query(
    `insert into public.contact_submissions (name, email, message, submission_key, created_at)
     values ('Jane', 'jane@example.co.uk', 'Our booking form is broken', $1, $2)`,
    [key, createdAt],
  );
  return submissionReference(key);
}

const confirmation = async (t: TestApp, reference: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/contact/sent/${reference}` });
  expect(response.statusCode).toBe(200);
  return response.body;
};

describeOnEmbedded('the confirmation without JavaScript names the reply time', (kind) => {
  const shared = app(kind);

  it.each([
    ['a Tuesday morning', '2026-12-01T10:00:00Z', "We'll reply by 17:30 today (UK time)."],
    ['a Friday evening', '2026-12-04T18:00:00Z', "We'll reply by 12:00 on Monday (UK time)."],
    [
      'the day before a bank holiday',
      '2026-12-24T16:00:00Z',
      "We'll reply by 12:00 on Tuesday (UK time).",
    ],
  ])('for a lead sent on %s', async (_, createdAt, words) => {
    const { t } = shared();
    const reference = await leadAt(t, createdAt);
    const page = await confirmation(t, reference);
    expect(page).toBe(
      `<p>${escapeHtml(`${MESSAGES.sent} ${words}`)}</p><strong>${reference}</strong>`,
    );
  });

  it('sends text that is not a reference to the static confirmation, which it serves', async () => {
    const { t } = shared();
    const bogus = await t.app.inject({ method: 'GET', url: '/contact/sent/not-a-reference' });
    expect(bogus.statusCode).toBe(303);
    expect(bogus.headers.location).toBe('/contact/sent/');
    // Not the reference route again: that would redirect the browser to the same URL forever.
    const page = await t.app.inject({ method: 'GET', url: '/contact/sent/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(STATIC_CONFIRMATION);
  });

  it('says the thanks alone for a reference no lead has', async () => {
    const { t } = shared();
    const page = await confirmation(t, submissionReference(randomUUID()));
    expect(page).toMatch(new RegExp(`^<p>${escapeHtml(MESSAGES.sent)}</p>`));
  });
});

describeOnEmbedded('the confirmation follows BUSINESS_HOURS', (kind) => {
  it('a week of Monday to Wednesday and Saturday answers a Friday evening lead on Saturday', async () => {
    const hours = readWorkingHours({ BUSINESS_HOURS: 'Mon-Wed,Sat 10:00-16:00' });
    if ('problem' in hours) throw new Error(hours.problem);
    const t = await testApp(kind, {}, { businessHours: hours.value });
    onTestFinished(() => t.close());
    // Without a build: the plain page says the same words.
    const reference = await leadAt(t, '2026-12-04T18:00:00Z');
    const page = await confirmation(t, reference);
    expect(page).toContain(escapeHtml("We'll reply by 12:00 on Saturday (UK time)."));
  });
});

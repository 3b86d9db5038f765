import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { spamReason } from '../../shared/copy/spam-reasons';
import { leadUrl } from '../../shared/paths';
import { inboxCopy } from '../../src/content/inbox';
import { addLead } from '../support/inbox-server.ts';
import { HELD_PITCH, uniqueSubmission } from '../support/submission.ts';
import { violations } from './support/axe';
import { toasts, withToastsHeld } from './support/contact';
import { expect, leadLink, openedLead, signIn, test } from './support/inbox';
import { VIEWPORTS, inEachColorScheme } from './support/site';

/**
 * Suspected spam in the inbox against our real server (docs/inbox.md): a lead
 * the database's content score held, listed under Spam with its reasons in
 * plain words and exported with them; "Spam" and "Not spam" on a lead.
 * inbox-spam-push.spec.ts shows a held lead pushed to no phone.
 */

const copy = inboxCopy;

const PITCH_REASONS = HELD_PITCH.reasons.map(spamReason);

/** Nothing is wider than the screen: the page never scrolls sideways. */
const overflow = () => document.documentElement.scrollWidth - window.innerWidth;

const heldReasons = (page: Page, name: string) =>
  openedLead(page, name).getByRole('region', { name: copy.held.because });

/** The notice of a lead a member marked spam: named by who marked it, and when. */
const markedNotice = (page: Page, name: string, member: string) => {
  const when = String.raw`\d{1,2} \w{3} \d{4}, \d\d:\d\d`;
  const words = copy.held.marked(member, 'WHEN').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return openedLead(page, name).getByRole('region', {
    name: new RegExp(`^${words.replace('WHEN', when)}$`),
  });
};

for (const [device, viewport] of Object.entries({
  phone: VIEWPORTS.phone,
  desktop: VIEWPORTS.desktop,
})) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a lead the score held is under Spam with its reasons in words, exported with them; axe finds nothing', async ({
      page,
      inbox,
      member,
    }) => {
      test.slow(); // four axe runs and screenshots, an export and a sign-in on a busy 2-core machine
      const held = { ...uniqueSubmission('held'), message: HELD_PITCH.message };
      const real = uniqueSubmission('beside');
      await addLead(inbox.server, held);
      await addLead(inbox.server, real);
      await signIn(page, inbox, member);
      // The list has drawn (the real lead shows), and the held one is not in it.
      await expect(leadLink(page, real.name)).toBeVisible();
      await expect(leadLink(page, held.name)).toHaveCount(0);

      await page.getByRole('tab', { name: copy.tabs.spam }).click();
      // The folder says what a held lead missed, and how long it stays.
      await expect(page.getByText(copy.list.spamNote)).toBeVisible();
      await leadLink(page, held.name).click();
      const reasons = heldReasons(page, held.name);
      await expect(reasons.getByRole('listitem')).toHaveText(PITCH_REASONS);
      await withToastsHeld(page, () =>
        inEachColorScheme(page, async (scheme) => {
          expect.soft(await violations(page), `a held lead open, ${scheme}`).toEqual([]);
          expect(await page.evaluate(overflow), 'the held lead fits the width').toBeLessThanOrEqual(
            0,
          );
          await page.screenshot({ path: `screenshots/inbox-spam-held-${device}-${scheme}.png` });
        }),
      );

      // The Spam folder's export: each lead's reasons in the same words, one cell.
      if (viewport.width < 1024) await page.getByRole('button', { name: copy.lead.back }).click();
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: copy.header.exportCsv }).click();
      const csv = await readFile(await (await download).path(), 'utf8');
      const [header, ...rows] = csv.split('\r\n');
      expect(header).toContain('"suspected_spam","spam_reasons"');
      expect(rows.find((row) => row.includes(held.email))).toContain(
        `"true","${PITCH_REASONS.join('; ')}"`,
      );
    });

    test('"Spam" moves a lead to Spam from the keyboard, saying who marked it, not the score; "Not spam" brings it back', async ({
      page,
      inbox,
      member,
    }) => {
      test.slow(); // two changes, each read back in the lead and both folders, and a sign-in
      const lead = uniqueSubmission('mark');
      const id = await addLead(inbox.server, lead);
      // A lead the score counted something against, not enough to hold it.
      await inbox.server.query(
        `update public.contact_submissions set spam_score = 2.5, spam_reasons = '{second_person}'
         where id = $1`,
        [id],
      );
      await signIn(page, inbox, member);
      await leadLink(page, lead.name).click();
      const opened = openedLead(page, lead.name);
      await expect(opened.getByTestId('lead-message')).toBeVisible();
      await expect(heldReasons(page, lead.name)).toHaveCount(0);

      await opened.getByRole('button', { name: copy.actions.spam, exact: true }).focus();
      await page.keyboard.press('Enter');
      await expect(toasts(page).withText(copy.actions.spamDone)).toBeVisible();
      // The focus stays where it was, on the button that undoes it.
      await expect(opened.getByRole('button', { name: copy.actions.notSpam })).toBeFocused();
      await expect(opened.getByText(`${member} ${copy.activity.actions.spam}`)).toBeVisible();
      // The member held it, not the score: the score's signal is only what it counted.
      const notice = markedNotice(page, lead.name, member);
      await expect(notice).toContainText(copy.held.noted);
      await expect(notice.getByRole('listitem')).toHaveText([spamReason('second_person')]);
      await expect(heldReasons(page, lead.name)).toHaveCount(0);
      await expect(opened.getByText(copy.held.because)).toHaveCount(0);
      await withToastsHeld(page, () =>
        inEachColorScheme(page, async (scheme) => {
          expect.soft(await violations(page), `a marked lead open, ${scheme}`).toEqual([]);
          await page.screenshot({ path: `screenshots/inbox-spam-marked-${device}-${scheme}.png` });
        }),
      );
      expect(
        await inbox.server.query(
          'select suspected_spam from public.contact_submissions where id = $1',
          [id],
        ),
      ).toEqual([{ suspected_spam: true }]);

      // Gone from the inbox's list, listed under Spam.
      if (viewport.width < 1024) await page.getByRole('button', { name: copy.lead.back }).click();
      await expect(leadLink(page, lead.name)).toHaveCount(0);
      await page.getByRole('tab', { name: copy.tabs.spam }).click();
      await leadLink(page, lead.name).click();

      await opened.getByRole('button', { name: copy.actions.notSpam }).focus();
      await page.keyboard.press('Enter');
      await expect(toasts(page).withText(copy.actions.notSpamDone('new'))).toBeVisible();
      await expect(
        opened.getByRole('button', { name: copy.actions.spam, exact: true }),
      ).toBeFocused();
      await expect(opened.getByText(`${member} ${copy.activity.actions.not_spam}`)).toBeVisible();
      await expect(markedNotice(page, lead.name, member)).toHaveCount(0);
      if (viewport.width < 1024) await page.getByRole('button', { name: copy.lead.back }).click();
      await expect(leadLink(page, lead.name)).toHaveCount(0);
      await page.getByRole('tab', { name: copy.tabs.inbox }).click();
      await expect(leadLink(page, lead.name)).toBeVisible();
    });
  });
}

test('a held lead’s link, as the held leads’ note sends it, opens it with its reasons and "Not spam"', async ({
  page,
  context,
  inbox,
  member,
}) => {
  // The working morning's note links each held lead as a lead email does (docs/lead-clocks.md).
  const held = { ...uniqueSubmission('noted'), message: HELD_PITCH.message };
  const id = await addLead(inbox.server, held);
  await signIn(page, inbox, member);
  const fromNote = await context.newPage();
  await fromNote.goto(leadUrl(id));
  const opened = openedLead(fromNote, held.name);
  await expect(heldReasons(fromNote, held.name).getByRole('listitem')).toHaveText(PITCH_REASONS);
  await opened.getByRole('button', { name: copy.actions.notSpam }).click();
  await expect(toasts(fromNote).withText(copy.actions.notSpamDone('new'))).toBeVisible();
  expect(
    await inbox.server.query(
      'select suspected_spam from public.contact_submissions where id = $1',
      [id],
    ),
  ).toEqual([{ suspected_spam: false }]);
});

test('a lead held before the score kept reasons shows none', async ({ page, inbox, member }) => {
  const lead = uniqueSubmission('unscored');
  const id = await addLead(inbox.server, { ...lead, spam: true });
  // As a lead the honeypot held before reasons were kept: no reasons at all.
  await inbox.server.query(
    'update public.contact_submissions set spam_reasons = null where id = $1',
    [id],
  );
  await signIn(page, inbox, member);
  await page.getByRole('tab', { name: copy.tabs.spam }).click();
  await leadLink(page, lead.name).click();
  const opened = openedLead(page, lead.name);
  await expect(opened.getByRole('button', { name: copy.actions.notSpam })).toBeVisible();
  await expect(opened.getByText(copy.spam, { exact: true })).toBeVisible();
  await expect(heldReasons(page, lead.name)).toHaveCount(0);
});

test('"Not spam" on an archived lead says it went back to Archived, where it is listed', async ({
  page,
  inbox,
  member,
}) => {
  const lead = uniqueSubmission('archived-held');
  const id = await addLead(inbox.server, { ...lead, spam: true });
  await inbox.server.query(
    `update public.contact_submissions set status = 'archived' where id = $1`,
    [id],
  );
  await signIn(page, inbox, member);
  await page.getByRole('tab', { name: copy.tabs.spam }).click();
  await leadLink(page, lead.name).click();
  await openedLead(page, lead.name).getByRole('button', { name: copy.actions.notSpam }).click();
  await expect(toasts(page).withText(copy.actions.notSpamDone('archived'))).toBeVisible();
  await page.getByRole('tab', { name: copy.tabs.archived }).click();
  await expect(leadLink(page, lead.name)).toBeVisible();
});

import { readFile } from 'node:fs/promises';
import { inboxCopy } from '../../src/content/inbox';
import { clockCopy } from '../../src/content/lead-clocks';
import { addLead, leadEmails } from '../support/inbox-server.ts';
import { uniqueSubmission } from '../support/submission.ts';
import { until } from '../support/until.ts';
import { toasts } from './support/contact';
import { expect, INBOX_PATH, leadLink, openedLead, signIn, test } from './support/inbox';
import { VIEWPORTS } from './support/site';

/**
 * The agency's inbox against our real server (docs/inbox.md): a member signs
 * in with the code a local SMTP server received, and works leads stored in
 * the real database. At a phone's width and a desktop's.
 */

const copy = inboxCopy;

for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
  test.describe(`at ${viewport.width} px, with a lead just arrived`, () => {
    test.use({ viewport });

    test('a member signs in with the emailed code, opens a lead and marks it replied', async ({
      page,
      inbox,
      member,
    }) => {
      const lead = uniqueSubmission('reply');
      const id = await addLead(inbox.server, {
        ...lead,
        // Few words, as every test's lead (tests/support/submission.ts): the other width's is no blast.
        message: `${lead.message}\nCall 07700 900123.`,
      });
      await signIn(page, inbox, member);

      const link = leadLink(page, lead.name);
      await expect(link).toHaveAccessibleName(copy.list.row(lead.name, copy.status.new, true));
      await link.click();
      const opened = openedLead(page, lead.name);
      await expect(opened.getByTestId('lead-message')).toHaveText(
        `${lead.message}\nCall 07700 900123.`,
      );
      const [{ reference }] = (await inbox.server.query(
        'select reference from public.inbox_leads where id = $1',
        [id],
      )) as [{ reference: string }];
      await expect(opened.getByRole('link', { name: new RegExp(copy.lead.reply) })).toHaveAttribute(
        'href',
        `mailto:${lead.email}?subject=${encodeURIComponent(copy.lead.replySubject(reference))}`,
      );
      await expect(
        opened.getByRole('link', { name: copy.lead.call('07700 900123') }),
      ).toHaveAttribute('href', 'tel:+447700900123');
      // The bot check is named as what it is; no webhook is set up here, so none is mentioned.
      await expect(opened.getByText(copy.verified.yes)).toBeVisible();
      await expect(opened.locator('[data-webhook-state]')).toHaveCount(0);

      const replied = opened.getByRole('button', { name: copy.actions.replied });
      await replied.click();
      await expect(toasts(page).withText(copy.actions.done.replied)).toBeVisible();
      // The button pressed is now the lead's status: unavailable, and still where the focus is.
      await expect(replied).toHaveAttribute('aria-disabled', 'true');
      await expect(replied).toBeFocused();
      await expect(opened.locator('[data-status]').first()).toHaveText(copy.status.replied);
      await expect(opened.getByText(`${member} ${copy.activity.actions.status}`)).toBeVisible();
      expect(
        await inbox.server.query('select status from public.contact_submissions where id = $1', [
          id,
        ]),
      ).toEqual([{ status: 'replied' }]);

      await opened.getByLabel(copy.notes.label).fill('Rang back, wants a quote by Friday.');
      await opened.getByRole('button', { name: copy.notes.add }).click();
      await expect(toasts(page).withText(copy.notes.added)).toBeVisible();
      await expect(opened.getByText('Rang back, wants a quote by Friday.')).toBeVisible();

      // Back in the list, the lead is read and replied; the status filter finds it under Replied only.
      if (viewport.width < 1024) {
        await page.getByRole('button', { name: copy.lead.back }).click();
        // The focus comes back to the lead's row, not to the top of the page.
        await expect(leadLink(page, lead.name)).toBeFocused();
      }
      await expect(leadLink(page, lead.name)).toHaveAccessibleName(
        copy.list.row(lead.name, copy.status.replied, false),
      );
      const status = page.getByLabel(copy.statusFilter.label, { exact: true });
      await status.selectOption({ label: copy.status.new });
      await expect(leadLink(page, lead.name)).toHaveCount(0);
      await status.selectOption({ label: copy.status.replied });
      await expect(leadLink(page, lead.name)).toBeVisible();
    });

    test('"Erase" asks first in a dialog, then deletes the lead', async ({
      page,
      inbox,
      member,
    }) => {
      const lead = uniqueSubmission('erase');
      const id = await addLead(inbox.server, lead);
      await signIn(page, inbox, member);
      await leadLink(page, lead.name).click();
      const opened = openedLead(page, lead.name);

      await opened.getByRole('button', { name: copy.actions.erase }).click();
      const dialog = page.getByRole('dialog', { name: copy.erase.title });
      await expect(dialog).toBeVisible();
      // The safe choice has the focus; Escape keeps the lead.
      await expect(dialog.getByRole('button', { name: copy.erase.cancel })).toBeFocused();
      // The lead's reference is named whole, on one line, however narrow the screen.
      const [{ reference } = {}] = await inbox.server.query(
        'select reference from public.inbox_leads where id = $1',
        [id],
      );
      const named = dialog.getByText(String(reference), { exact: true });
      expect(await named.evaluate((element) => element.getClientRects().length)).toBe(1);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      expect(
        await inbox.server.query('select 1 from public.contact_submissions where id = $1', [id]),
      ).toHaveLength(1);

      await opened.getByRole('button', { name: copy.actions.erase }).click();
      await dialog.getByRole('button', { name: copy.erase.confirm }).click();
      await expect(toasts(page).withText(copy.actions.erased)).toBeVisible();
      await expect(leadLink(page, lead.name)).toHaveCount(0);
      // Its row gone with it, the focus goes to the list.
      await expect(page.getByRole('heading', { name: copy.list.label })).toBeFocused();
      expect(
        await inbox.server.query('select 1 from public.contact_submissions where id = $1', [id]),
      ).toEqual([]);
    });
  });

  test.describe(`at ${viewport.width} px, with a lead held as suspected spam`, () => {
    test.use({ viewport });

    test('"Not spam" moves a held lead to the inbox, and it is emailed once', async ({
      page,
      inbox,
      member,
    }) => {
      const lead = uniqueSubmission('spam');
      await addLead(inbox.server, { ...lead, spam: true });
      const arrivedAfter = uniqueSubmission('not-spam');
      await addLead(inbox.server, arrivedAfter);
      await signIn(page, inbox, member);
      // The list has drawn (a lead stored after the held one shows), and the held one is not in it.
      await expect(leadLink(page, arrivedAfter.name)).toBeVisible();
      await expect(leadLink(page, lead.name)).toHaveCount(0);

      await page.getByRole('tab', { name: copy.tabs.spam }).click();
      await leadLink(page, lead.name).click();
      await openedLead(page, lead.name).getByRole('button', { name: copy.actions.notSpam }).click();
      await expect(toasts(page).withText(copy.actions.notSpamDone('new'))).toBeVisible();

      await until(
        () => leadEmails(inbox.sink, lead.name).length,
        20_000,
        'the lead email',
        (n) => n > 0,
      );
      // Once: the outbox row is done, and no second email came with it.
      await until(
        () =>
          inbox.server.query(
            `select o.sent_at is not null as sent from public.lead_outbox o
             join public.contact_submissions s on s.id = o.submission_id where s.email = $1`,
            [lead.email],
          ),
        10_000,
        'the outbox row marked sent',
        (rows) => rows.length === 1 && rows[0]!.sent === true,
      );
      expect(leadEmails(inbox.sink, lead.name)).toHaveLength(1);

      await page.goto(INBOX_PATH);
      await expect(page.getByRole('tab', { name: copy.tabs.inbox })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(leadLink(page, lead.name)).toBeVisible();
    });
  });

  test.describe(`at ${viewport.width} px, with a searched view to export`, () => {
    test.use({ viewport });

    test('"Export CSV" downloads the view shown, formulas neutralised as the CLI does', async ({
      page,
      inbox,
      member,
    }) => {
      const tag = uniqueSubmission('export');
      const formula = { ...tag, name: `=HYPERLINK("http://evil.example","${tag.name}")` };
      const plain = { ...uniqueSubmission('export'), message: `Other words ${tag.message}` };
      await addLead(inbox.server, formula);
      await addLead(inbox.server, plain);
      await addLead(inbox.server, uniqueSubmission('not-in-view'));
      await signIn(page, inbox, member);

      // The view: a search for the words both leads share.
      await page.getByRole('searchbox', { name: copy.search.label }).fill(tag.message);
      // Exactly: "2 leads" is also part of the unfiltered list's "12 leads".
      await expect(page.getByText(copy.list.count(2, 2), { exact: true })).toBeVisible();
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: copy.header.exportCsv }).click();
      const file = await (await download).path();
      const csv = await readFile(file, 'utf8');

      const lines = csv.split('\r\n').filter(Boolean);
      expect(lines[0]).toMatch(/^"reference","created_at","name","email","message","status"/);
      expect(lines).toHaveLength(3);
      expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""${tag.name}"")"`);
      expect(csv).toContain(`"${plain.name}"`);
      await expect(toasts(page).withText(copy.exported(2))).toBeVisible();
    });
  });
}

test('a search that matches nothing says so, and draws no empty box under it', async ({
  page,
  inbox,
  member,
}) => {
  await addLead(inbox.server, uniqueSubmission('no-match'));
  await signIn(page, inbox, member);
  const leads = page.getByRole('region', { name: copy.list.label });
  await expect(leads.getByRole('list').first()).toBeVisible();
  await page.getByRole('searchbox', { name: copy.search.label }).fill('zqxjkvw');
  await expect(leads.getByText(copy.list.emptySearch, { exact: true })).toBeVisible();
  // The leads' bordered list, left empty, drew as a stray line under the words.
  await expect(leads.getByRole('list')).toHaveCount(0);
});

for (const viewport of [VIEWPORTS.tablet, VIEWPORTS.desktop]) {
  test(`at ${viewport.width} px, the search field and the two selects beside it are one height`, async ({
    page,
    inbox,
    member,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, inbox, member);
    const boxes = await Promise.all(
      [
        page.getByRole('searchbox', { name: copy.search.label }),
        page.getByRole('combobox', { name: copy.statusFilter.label }),
        page.getByRole('combobox', { name: clockCopy.sort.label }),
      ].map(async (field) => {
        const box = (await field.boundingBox())!;
        return { top: Math.round(box.y), height: Math.round(box.height) };
      }),
    );
    // One row of controls: a field taller than the others stood out of it by its border.
    expect(boxes.slice(1)).toEqual([boxes[0], boxes[0]]);
  });
}

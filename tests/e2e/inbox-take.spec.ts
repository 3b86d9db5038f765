import { alertsCopy } from '../../src/content/alerts';
import { inboxCopy } from '../../src/content/inbox';
import { clockCopy } from '../../src/content/lead-clocks';
import { addLead } from '../support/inbox-server.ts';
import { uniqueSubmission } from '../support/submission.ts';
import { violations } from './support/axe';
import {
  deliverPush,
  inboxWorker,
  listedNotification,
  listedTags,
  shownNotifications,
  tapNotification,
} from './support/inbox-app';
import { expect, leadLink, openedLead, signIn, test } from './support/inbox';
import { inEachColorScheme } from './support/site';

/**
 * "I'm on it" (docs/alerts.md): on the opened lead, and from the notification without the inbox.
 */

const copy = alertsCopy.take;
const figures = clockCopy.figures;

test('"I\'m on it" on the opened lead shows "Taken by" there and in the list, and in the activity; axe finds nothing', async ({
  page,
  inbox,
  member,
}) => {
  const lead = uniqueSubmission('take');
  await addLead(inbox.server, lead);
  await signIn(page, inbox, member);
  await leadLink(page, lead.name).click();
  const opened = openedLead(page, lead.name);
  await inEachColorScheme(page, async (scheme) => {
    expect.soft(await violations(page, 'article'), `lead open, ${scheme}`).toEqual([]);
  });

  await opened.getByRole('button', { name: copy.button }).click();
  await expect(opened.getByText(copy.takenBy(member))).toBeVisible();
  await expect(opened.getByRole('button', { name: copy.button })).toHaveCount(0);
  await expect(leadLink(page, lead.name).getByText(copy.takenBy(member))).toBeVisible();
  await expect(opened.getByText(inboxCopy.activity.actions.take!)).toBeVisible();

  // The figures count it: seen and taken, each with a time.
  await page.getByRole('button', { name: figures.show }).click();
  for (const term of [figures.medianSeen, figures.p90Seen, figures.medianTaken, figures.p90Taken]) {
    const row = page.getByRole('term').filter({ hasText: term }).locator('..');
    await expect(row.getByRole('definition')).not.toHaveText(figures.noneYet);
  }
  const seen = page.getByRole('term').filter({ hasText: figures.seenWithin5Minutes }).locator('..');
  await expect(seen.getByRole('definition')).toHaveText(/^[1-9]\d*% \(/);
});

test('"I\'m on it" on a notification takes the lead without opening the inbox, and the alert says so', async ({
  page,
  context,
  inbox,
  member,
}) => {
  const lead = uniqueSubmission('take-alert');
  const id = await addLead(inbox.server, lead);
  await context.grantPermissions(['notifications']);
  await signIn(page, inbox, member);
  const worker = await inboxWorker(page);
  // The token the server puts in this member's push for this lead.
  const [row] = await inbox.server.query('select app_private.push_take_token($1, $2) as token', [
    id,
    member,
  ]);
  await deliverPush(context, page, {
    kind: 'lead',
    leadId: id,
    reference: 'FD-TEST-0001',
    name: lead.name,
    title: `New lead: ${lead.name}`,
    body: 'FD-TEST-0001',
    url: `/inbox/#lead=${id}`,
    takeToken: row!.token,
  });
  await expect.poll(() => shownNotifications(worker)).toHaveLength(1);

  await tapNotification(worker, `lead-${id}`, 'take');
  await expect
    .poll(async () => (await shownNotifications(worker)).map((n) => n.title))
    .toEqual([alertsCopy.notification.takenTitle(lead.name)]);
  expect(page.url()).not.toContain(`#lead=${id}`);
  await page.reload();
  await expect(leadLink(page, lead.name).getByText(copy.takenBy(member))).toBeVisible();

  // Opening the lead here closes its alert on this device: it has been seen.
  await listedNotification(worker, `lead-${id}`);
  await leadLink(page, lead.name).click();
  await expect(openedLead(page, lead.name).getByTestId('lead-message')).toBeVisible();
  await expect.poll(() => listedTags(page)).toEqual([]);
});

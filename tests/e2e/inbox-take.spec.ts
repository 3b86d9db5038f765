import { alertsCopy } from '../../src/inbox/alerts/alerts-copy';
import { inboxCopy } from '../../src/content/inbox';
import { clockCopy } from '../../src/content/lead-clocks';
import { addLead, BROWSER_TEST_PUSH_HOST } from '../support/inbox-server.ts';
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
import { stubPushSubscription } from './support/push-stub';
import { expect, leadLink, leadRow, openedLead, signIn, test } from './support/inbox';
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
  await expect(leadRow(page, lead.name).getByText(copy.takenBy(member))).toBeVisible();
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
}, testInfo) => {
  const lead = uniqueSubmission('take-alert');
  const id = await addLead(inbox.server, lead);
  await context.grantPermissions(['notifications']);
  const endpoint = `https://${BROWSER_TEST_PUSH_HOST}/push/${testInfo.testId}-take`;
  await stubPushSubscription(page, endpoint);
  await signIn(page, inbox, member);
  const worker = await inboxWorker(page);
  // Alerts on for this browser: the token of a push is bound to the device it went to.
  await page.getByRole('button', { name: alertsCopy.view.show, exact: true }).click();
  await page.getByRole('button', { name: alertsCopy.view.turnOn }).click();
  await expect(page.getByText(alertsCopy.view.on)).toBeVisible();
  await page.getByRole('button', { name: alertsCopy.view.show, exact: true }).click();
  // The token the server puts in this device's push for this lead.
  const [row] = await inbox.server.query(
    `select app_private.push_take_token($1, d.id) as token
     from public.push_devices d where d.endpoint = $2`,
    [id, endpoint],
  );
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
  await expect(leadRow(page, lead.name).getByText(copy.takenBy(member))).toBeVisible();

  // Opening the lead here closes its alert on this device: it has been seen.
  await listedNotification(worker, `lead-${id}`);
  await leadLink(page, lead.name).click();
  await expect(openedLead(page, lead.name).getByTestId('lead-message')).toBeVisible();
  await expect.poll(() => listedTags(page)).toEqual([]);
});

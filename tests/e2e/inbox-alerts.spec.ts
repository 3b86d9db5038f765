import { alertsCopy } from '../../src/inbox/alerts/alerts-copy';
import { addLead } from '../support/inbox-server.ts';
import { uniqueSubmission } from '../support/submission.ts';
import {
  deliverPush,
  inboxWorker,
  rpcAnswers,
  shownNotifications,
  tapNotification,
} from './support/inbox-app';
import { expect, INBOX_PATH, test } from './support/inbox';

/**
 * The service worker shows each push: the payload is the contract's
 * (docs/alerts.md), delivered through DevTools as the push service would.
 */

const copy = alertsCopy.notification;
const LEAD = {
  kind: 'lead',
  leadId: 4242,
  reference: 'FD-TEST-4242',
  name: 'Jane Alert',
  replyBy: '2026-11-25T17:30:00Z',
  title: 'New lead: Jane Alert',
  body: 'FD-TEST-4242 · reply by 17:30',
  url: '/inbox/#lead=4242',
  takeToken: 'token-from-the-server',
};

test.use({ permissions: ['notifications'] });

test('a pushed lead shows a notification with its name and both actions; "taken" replaces it', async ({
  page,
  context,
}) => {
  await page.goto(INBOX_PATH);
  const worker = await inboxWorker(page);

  await deliverPush(context, page, LEAD);
  await expect.poll(() => shownNotifications(worker)).toHaveLength(1);
  const [alert] = await shownNotifications(worker);
  expect(alert).toMatchObject({ title: LEAD.title, body: LEAD.body, tag: 'lead-4242' });
  expect(alert!.actions).toEqual([
    { action: 'open', title: copy.open },
    { action: 'take', title: copy.take },
  ]);
  expect(alert!.data).toMatchObject({ leadId: 4242, takeToken: LEAD.takeToken });
  expect(alert!.data.url).toMatch(/\/inbox\/#lead=4242$/);

  await deliverPush(context, page, {
    kind: 'taken',
    leadId: 4242,
    takenBy: 'sam@agency.example',
    title: LEAD.title,
    body: copy.takenBy('sam@agency.example'),
    url: LEAD.url,
  });
  await expect
    .poll(async () => (await shownNotifications(worker)).map((n) => [n.tag, n.body]))
    .toEqual([['lead-4242', copy.takenBy('sam@agency.example')]]);
  expect((await shownNotifications(worker))[0]!.actions).toEqual([
    { action: 'open', title: copy.open },
  ]);
});

test('the count of leads waiting has a notification of its own, an escalation stays until acted on, and an unreadable push still shows one', async ({
  page,
  context,
}) => {
  await page.goto(INBOX_PATH);
  const worker = await inboxWorker(page);
  await deliverPush(context, page, {
    kind: 'waiting',
    count: 14,
    title: '14 new leads waiting',
    body: 'Open the inbox to see them.',
    url: '/inbox/',
  });
  await deliverPush(context, page, 'not the contract');
  // A URL off the inbox is never followed: a lead's alert opens the lead by the inbox's fragment.
  await deliverPush(context, page, { ...LEAD, leadId: 7, url: 'https://elsewhere.example/' });
  // Nobody has seen it yet: the escalation stays on screen until someone acts.
  await deliverPush(context, page, {
    ...LEAD,
    kind: 'escalation',
    leadId: 8,
    url: '/inbox/#lead=8',
  });
  await expect.poll(async () => (await shownNotifications(worker)).length).toBe(4);
  const shown = await shownNotifications(worker);
  expect(shown.find((n) => n.tag === 'lead-8')?.requireInteraction).toBe(true);
  expect(shown.find((n) => n.tag === 'lead-7')?.requireInteraction).toBe(false);
  expect(shown.find((n) => n.tag === 'waiting')?.title).toBe('14 new leads waiting');
  expect(shown.find((n) => n.title === copy.fallbackTitle)).toBeTruthy();
  const leadUrl = new URL(String(shown.find((n) => n.tag === 'lead-7')?.data.url));
  expect([leadUrl.origin, leadUrl.pathname, leadUrl.hash]).toEqual([
    new URL(page.url()).origin,
    INBOX_PATH,
    '#lead=7',
  ]);
  const waiting = new URL(String(shown.find((n) => n.tag === 'waiting')?.data.url));
  expect(waiting.pathname).toBe(INBOX_PATH);
});

/**
 * A device row no push ever went to: a token the server signed for it is well formed and
 * refused, as one is once alerts are turned off on its device.
 */
const NO_SUCH_DEVICE = 987_654_321;

test('"Open" on a notification opens the lead in the open inbox; "I\'m on it" with a token the server refuses says so', async ({
  page,
  context,
  inbox,
}) => {
  const leadId = await addLead(inbox.server, uniqueSubmission('refused-take'));
  const [row] = await inbox.server.query('select app_private.push_take_token($1, $2) as token', [
    leadId,
    NO_SUCH_DEVICE,
  ]);
  const alert = {
    ...LEAD,
    leadId,
    url: `/inbox/#lead=${leadId}`,
    takeToken: String(row!.token),
  };
  await page.goto(INBOX_PATH);
  const worker = await inboxWorker(page);
  await deliverPush(context, page, alert);
  await expect.poll(() => shownNotifications(worker)).toHaveLength(1);

  await tapNotification(worker, `lead-${leadId}`, 'open');
  await expect(page).toHaveURL(new RegExp(`/inbox/#lead=${leadId}$`));

  await deliverPush(context, page, alert);
  await expect.poll(() => shownNotifications(worker)).toHaveLength(1);
  await tapNotification(worker, `lead-${leadId}`, 'take');
  await expect
    .poll(async () => (await shownNotifications(worker)).map((n) => n.title))
    .toEqual([copy.takeFailedTitle]);
  // The server's refusal, as the worker got it: not a server it could not reach.
  const answers = await rpcAnswers(worker);
  expect(answers.map(({ path, status }) => [path, status])).toEqual([
    ['/rest/v1/rpc/inbox_take_from_alert', 403],
  ]);
  expect(JSON.parse(answers[0]!.body)).toMatchObject({
    code: 'PT403',
    message: expect.stringMatching(/inbox/i),
  });
  const [attention] = await inbox.server.query(
    'select taken_by from public.lead_attention where submission_id = $1',
    [leadId],
  );
  expect(attention?.taken_by ?? null).toBeNull();
});

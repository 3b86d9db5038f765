import type { Locator } from '@playwright/test';
import { INBOX_SESSION_KEY } from '../../src/config/inbox';
import { inboxCopy } from '../../src/content/inbox';
import { addLead, emailedCode } from '../support/inbox-server.ts';
import { uniqueSubmission } from '../support/submission.ts';
import { expect, INBOX_PATH, leadLink, leadRow, openedLead, signIn, test } from './support/inbox';

/** The inbox's sign-in, session and page behaviour against our real server, at the default width. */

const copy = inboxCopy;

test('a lead whose name and message hold HTML and script shows them as text', async ({
  page,
  inbox,
  member,
}) => {
  const tag = uniqueSubmission('html');
  const name = `<img src=x onerror="window.pwned=1">${tag.name}`;
  const message = `<script>window.pwned=2</script><b>bold</b> ${tag.message}`;
  await addLead(inbox.server, { name, email: tag.email, message });
  await signIn(page, inbox, member);
  await leadLink(page, tag.name).click();

  const opened = openedLead(page, name);
  await expect(opened.getByRole('heading', { name })).toBeVisible();
  await expect(opened.getByTestId('lead-message')).toHaveText(message);
  await expect(opened.locator('img, script, b')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
});

test('a lead whose name holds a direction override shows it as typed, and whose address holds a query gets no reply link', async ({
  page,
  inbox,
  member,
}) => {
  const tag = uniqueSubmission('bidi');
  // Shown raw, the override reverses the end: "Eve…txt.exe". The address passes the form's rule.
  const name = `${tag.name} Eve\u202Eexe.txt`;
  const email = `${tag.email}?bcc=mallory%40evil.example&subject=Pay&body=Now`;
  await addLead(inbox.server, { name, email, message: tag.message });
  await signIn(page, inbox, member);

  const shown = `${tag.name} Eveexe.txt`;
  await expect(leadLink(page, tag.name)).toContainText(shown);
  await leadLink(page, tag.name).click();
  const opened = openedLead(page, shown);
  await expect(opened.getByRole('heading', { level: 2 })).toHaveText(shown);
  await expect(opened.getByRole('link', { name: new RegExp(copy.lead.reply) })).toHaveCount(0);
  await expect(opened.getByText(copy.lead.noReplyLink)).toBeVisible();
  await expect(opened.getByText(email)).toBeVisible();
});

test('a lead written in Arabic reads right to left, in the list and opened', async ({
  page,
  inbox,
  member,
}) => {
  const tag = uniqueSubmission('rtl');
  // Under the 20 letters of another script that the spam score counts: not held.
  const name = `ليلى ${tag.name}`;
  const message = `مرحبا. ${tag.message}`;
  await addLead(inbox.server, { name, email: tag.email, message });
  await signIn(page, inbox, member);
  const direction = (element: Locator) => element.evaluate((el) => getComputedStyle(el).direction);

  const listed = leadLink(page, tag.name);
  await expect(listed).toBeVisible();
  expect(await direction(listed.getByText(name))).toBe('rtl');
  expect(await direction(leadRow(page, tag.name).getByText(message))).toBe('rtl');
  await listed.click();
  const opened = openedLead(page, name);
  expect(await direction(opened.getByRole('heading', { level: 2 }))).toBe('rtl');
  expect(await direction(opened.getByTestId('lead-message'))).toBe('rtl');
});

test("a lead email's link, /inbox/#lead=<id>, opens that lead once signed in", async ({
  page,
  inbox,
  member,
}) => {
  const lead = uniqueSubmission('link');
  const id = await addLead(inbox.server, lead);
  await signIn(page, inbox, member, `${INBOX_PATH}#lead=${id}`);
  await expect(openedLead(page, lead.name).getByTestId('lead-message')).toHaveText(lead.message);
});

test('a wrong code and a second code within the minute are refused with clear messages', async ({
  page,
  inbox,
  member,
}) => {
  await page.goto(INBOX_PATH);
  await page.getByLabel(copy.signIn.email, { exact: true }).fill(member);
  await page.getByRole('button', { name: copy.signIn.sendCode }).click();
  await expect(page.getByText(copy.signIn.sent(member))).toBeVisible();
  // The real code with its last digit changed: certainly wrong.
  const code = await emailedCode(inbox.sink, member);
  const wrong = `${code.slice(0, -1)}${(Number(code.at(-1)) + 1) % 10}`;
  await page.getByLabel(copy.signIn.code, { exact: true }).fill(wrong);
  await page.getByRole('button', { name: copy.signIn.signIn }).click();
  await expect(page.getByRole('alert')).toHaveText(copy.signIn.wrongCode);
  await expect(page.getByLabel(copy.signIn.email, { exact: true })).toHaveValue(member);
  // The field the problem is about has the focus, its code selected to type again.
  await expect(page.getByLabel(copy.signIn.code, { exact: true })).toBeFocused();

  // One code a minute per address from one client address: a second ask at once is GoTrue's 429.
  await page.getByRole('button', { name: copy.signIn.sendCode }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: copy.signIn.tooSoon })).toBeVisible();
  await expect(page.getByLabel(copy.signIn.email, { exact: true })).toBeFocused();
});

test('a new lead appears without a reload: every minute, and when the window regains focus', async ({
  page,
  inbox,
  member,
}) => {
  const before = uniqueSubmission('before');
  await addLead(inbox.server, before);
  await page.clock.install();
  await signIn(page, inbox, member);
  await expect(leadLink(page, before.name)).toBeVisible();

  const byMinute = uniqueSubmission('minute');
  await addLead(inbox.server, byMinute);
  await page.clock.runFor(60_000);
  await expect(leadLink(page, byMinute.name)).toBeVisible();

  const byFocus = uniqueSubmission('focus');
  await addLead(inbox.server, byFocus);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(leadLink(page, byFocus.name)).toBeVisible();
});

test('"Sign out" ends the session here and on the server', async ({ page, inbox, member }) => {
  await signIn(page, inbox, member);
  const refreshToken = await page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? '{}').refresh_token as string,
    INBOX_SESSION_KEY,
  );
  expect(refreshToken).toBeTruthy();
  await page.getByRole('button', { name: copy.header.signOut }).click();
  await expect(page.getByRole('button', { name: copy.signIn.sendCode })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: copy.signIn.sendCode })).toBeEnabled();
  await expect(page.getByRole('button', { name: copy.header.signOut })).toHaveCount(0);
  // The refresh token the page held no longer works.
  const refused = await page.request.post('/auth/v1/token?grant_type=refresh_token', {
    data: { refresh_token: refreshToken },
  });
  expect(refused.status()).toBeGreaterThanOrEqual(400);
});

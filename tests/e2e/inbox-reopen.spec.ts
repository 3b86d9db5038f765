import type { BrowserContext, Page, Request } from '@playwright/test';
import { removeMember } from '../../server/auth/members.ts';
import { INBOX_SESSION_KEY } from '../../src/config/inbox';
import { inboxCopy } from '../../src/content/inbox';
import { LEAD_READS } from '../../src/inbox/lead-reads';
import { addLead } from '../support/inbox-server.ts';
import { uniqueSubmission } from '../support/submission.ts';
import { expect, INBOX_PATH, openedLead, signIn, signInForm, test } from './support/inbox';

/**
 * A member who is signed in opens the inbox again, as a tap on an alert does: a new window
 * at /inbox/#lead=<id>. The lead's reads start before the app has run (src/inbox/early-lead-reads.ts)
 * and the sign-in form of the HTML is never made live for them; anyone else is served as before.
 */

const READ_TABLES: string[] = Object.values(LEAD_READS).map((read) => read.table);

/** The API requests a page makes, in order: path, the bearer it carried, and the request. */
function apiRequests(page: Page) {
  const requests: { path: string; bearer: string; request: Request }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!/^\/(rest|auth)\/v1\//.test(url.pathname)) return;
    const bearer = (request.headers()['authorization'] ?? '').replace(/^Bearer /, '');
    requests.push({ path: url.pathname.replace(/^\/rest\/v1\//, ''), bearer, request });
  });
  return requests;
}

/** True once the sign-in form's "Send code" has been usable (hydrated) in this window. */
async function watchSignInMadeLive(context: BrowserContext) {
  await context.addInitScript((name: string) => {
    new MutationObserver(() => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent === name);
      if (button && !button.disabled) (window as { signInLive?: boolean }).signInLive = true;
    }).observe(document, { subtree: true, childList: true, attributes: true });
  }, inboxCopy.signIn.sendCode);
}

/** A new window at the lead, as a tap on its alert opens, with the API requests it makes. */
async function tapOpens(context: BrowserContext, id: number) {
  const tapped = await context.newPage();
  const requests = apiRequests(tapped);
  await tapped.goto(`${INBOX_PATH}#lead=${id}`);
  return { tapped, requests };
}

const signInWasLive = (page: Page) =>
  page.evaluate(() => Boolean((window as { signInLive?: boolean }).signInLive));

test('a signed-in member opening a lead in a new window sees it, read first, and never a live sign-in form', async ({
  page,
  context,
  inbox,
  member,
}) => {
  const lead = uniqueSubmission('reopen');
  const id = await addLead(inbox.server, lead);
  await signIn(page, inbox, member);
  await watchSignInMadeLive(context);

  const { tapped, requests } = await tapOpens(context, id);
  await expect(openedLead(tapped, lead.name).getByTestId('lead-message')).toHaveText(lead.message);
  await expect(tapped.getByRole('button', { name: inboxCopy.header.signOut })).toBeVisible();

  // The window's first requests are the lead's four reads, before anything of auth-js's:
  // they did not wait for the app (unit/lead-reads.test.ts holds them to what the app asks).
  const paths = requests.map((r) => r.path);
  expect(paths.slice(0, READ_TABLES.length).sort()).toEqual([...READ_TABLES].sort());
  expect(paths).toContain('/auth/v1/user');
  expect(await signInWasLive(tapped)).toBe(false);
});

test('a member whose stored token has expired is refreshed first, and no read carries the old token', async ({
  page,
  context,
  inbox,
  member,
}) => {
  const lead = uniqueSubmission('expired');
  const id = await addLead(inbox.server, lead);
  await signIn(page, inbox, member);
  // The signed-in window goes first: its auth-js, asked for the session by any read still on
  // its way (a clean-clone run under load), would find the expiry set below and refresh the
  // stored session itself, and the window under test would then have nothing to refresh.
  await page.close();
  // As auth-js finds a session stored an hour ago: its expiry passed, and its token is not the
  // one a refresh gives (a token issued in the same second as the sign-in's would be the same
  // bytes, so the stored one is made another: the server refuses it, as it would the old one).
  // Written from a page of the origin that runs no script of ours.
  const editor = await context.newPage();
  await editor.goto('/robots.txt');
  const old = await editor.evaluate((key) => {
    const session = JSON.parse(localStorage.getItem(key)!);
    session.expires_at = Math.floor(Date.now() / 1000) - 60;
    session.access_token = session.access_token.replace(/\.[^.]+$/, '.issued-an-hour-ago');
    localStorage.setItem(key, JSON.stringify(session));
    return session.access_token as string;
  }, INBOX_SESSION_KEY);
  await editor.close();

  const { tapped, requests } = await tapOpens(context, id);
  await expect(openedLead(tapped, lead.name).getByTestId('lead-message')).toHaveText(lead.message);
  const paths = requests.map((r) => r.path);
  const reads = requests.filter((r) => READ_TABLES.includes(r.path));
  const refresh = requests.find((r) => r.path === '/auth/v1/token');
  expect(refresh).toBeDefined();
  expect(paths.indexOf('/auth/v1/token')).toBeLessThan(paths.indexOf(READ_TABLES[0]!));
  expect(reads.length).toBeGreaterThanOrEqual(READ_TABLES.length);
  const answer = (await (await refresh!.request.response())!.json()) as { access_token: string };
  const token = answer.access_token;
  expect(token).not.toBe(old);
  for (const read of reads) expect(read.bearer).toBe(token);
});

test('a member removed since is told the session ended, and shown no lead', async ({
  page,
  context,
  inbox,
  member,
}) => {
  const lead = uniqueSubmission('removed');
  const id = await addLead(inbox.server, lead);
  await signIn(page, inbox, member);
  await page.close();
  expect(await removeMember(inbox.server.database, member)).toBe(true);

  const { tapped } = await tapOpens(context, id);
  await expect(tapped.getByText(inboxCopy.signIn.signedOut)).toBeVisible();
  await expect(signInForm(tapped).sendCode).toBeEnabled();
  await expect(tapped.getByText(lead.message)).toHaveCount(0);
});

test('signed out, a lead link makes the sign-in form of the HTML live, and reads nothing', async ({
  page,
  inbox,
}) => {
  const id = await addLead(inbox.server, uniqueSubmission('signed-out'));
  // The address field as the HTML parser makes it: hydrated, it is the same element (what a
  // visitor typed before the script ran stays); rendered afresh, it would be another.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const field = document.querySelector('input[type="email"]');
      if (!field) return;
      (field as unknown as { parsed?: boolean }).parsed = true;
      observer.disconnect();
    }).observe(document, { subtree: true, childList: true });
  });
  const requests = apiRequests(page);
  await page.goto(`${INBOX_PATH}#lead=${id}`);
  await expect(signInForm(page).sendCode).toBeEnabled();
  expect(
    await signInForm(page).email.evaluate((field) =>
      Boolean((field as unknown as { parsed?: boolean }).parsed),
    ),
  ).toBe(true);
  expect(requests.filter((r) => !r.path.startsWith('/auth/'))).toEqual([]);
});

import type { Page } from '@playwright/test';
import { test as base, expect } from '../coverage';
import { INBOX_SESSION_KEY } from '../../../src/config/inbox';
import { inboxCopy } from '../../../src/content/inbox';
import {
  emailedCode,
  newMember,
  startInboxServer,
  type InboxServer,
} from '../../support/inbox-server.ts';

export const INBOX_PATH = '/inbox/';

/** Tests of the inbox: one server with an SMTP sink per worker, one member address per test. */
export const test = base.extend<{ member: string }, { inbox: InboxServer }>({
  inbox: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function destructures
    async ({}, use) => {
      const inbox = await startInboxServer();
      await use(inbox);
      await inbox.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ inbox }, use) => use(inbox.server.url),
  member: async ({ inbox }, use, testInfo) => {
    await use(await newMember(inbox.server, `w${testInfo.workerIndex}`));
  },
});

export { expect };

/** The sign-in form's controls, by the words members read. */
export function signInForm(page: Page) {
  const copy = inboxCopy.signIn;
  return {
    email: page.getByLabel(copy.email, { exact: true }),
    sendCode: page.getByRole('button', { name: copy.sendCode }),
    code: page.getByLabel(copy.code, { exact: true }),
    signIn: page.getByRole('button', { name: copy.signIn }),
  };
}

/** Signs in as a member does: the address, "Send code", the code from the email, "Sign in". */
export async function signIn(page: Page, inbox: InboxServer, email: string, path = INBOX_PATH) {
  await page.goto(path);
  const form = signInForm(page);
  await form.email.fill(email);
  await form.sendCode.click();
  await expect(page.getByText(inboxCopy.signIn.sent(email))).toBeVisible();
  await form.code.fill(await emailedCode(inbox.sink, email));
  await form.signIn.click();
  await expect(page.getByRole('button', { name: inboxCopy.header.signOut })).toBeVisible({
    timeout: 15_000,
  });
}

/**
 * A lead in the list, found by its name: its link is named by who and their state, "Unread:
 * Priya Shah, New" (inboxCopy.list.row).
 */
export const leadLink = (page: Page, name: string) =>
  page.getByRole('link', { name: new RegExp(escapeRegExp(name)) });

/** A lead's whole row in the list: its link, and the words beside it (when, clock, facts). */
export const leadRow = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: leadLink(page, name) });

/** The opened lead: the article named by the lead's name. */
export const openedLead = (page: Page, name: string) => page.getByRole('article', { name });

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One of the inbox's functions called from the page as the signed-in member, with the session
 * the inbox stored: what another of the member's devices would send. Its JSON answer, or null.
 */
export async function callAsMember(page: Page, name: string, args: object): Promise<unknown> {
  return page.evaluate(
    async ({ sessionKey, name, args }) => {
      const session = JSON.parse(localStorage.getItem(sessionKey)!);
      const response = await fetch(`/rest/v1/rpc/${name}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${session.access_token}`,
        },
        body: JSON.stringify(args),
      });
      if (!response.ok) throw new Error(await response.text());
      return response.status === 204 ? null : response.json();
    },
    { sessionKey: INBOX_SESSION_KEY, name, args },
  );
}

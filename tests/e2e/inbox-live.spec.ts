import type { WebSocketRoute } from '@playwright/test';
import { alertsCopy } from '../../src/inbox/alerts/alerts-copy';
import { inboxCopy } from '../../src/content/inbox';
import { addLead, newMember } from '../support/inbox-server.ts';
import { uniqueSubmission } from '../support/submission.ts';
import { expect, leadLink, leadRow, openedLead, signIn, test } from './support/inbox';

/**
 * The live inbox (docs/inbox.md, "Live"): what one member does shows in
 * another's open inbox within 2 s, without a reload, over Supabase Realtime.
 */

/** The promise: a change shows within this long. The wait is on what is shown. */
const LIVE_MS = 2_000;
const live = inboxCopy.header.live;

test('a new lead appears in two open inboxes, and one member\'s take shows "Taken by" in the other\'s', async ({
  page,
  browser,
  inbox,
  member,
}, testInfo) => {
  const colleague = await newMember(inbox.server, `w${testInfo.workerIndex}-colleague`);
  const other = await browser.newContext({ baseURL: inbox.server.url });
  const otherPage = await other.newPage();
  await signIn(page, inbox, member);
  await signIn(otherPage, inbox, colleague);
  for (const each of [page, otherPage]) {
    await expect(each.getByRole('status').filter({ hasText: live.live })).toBeVisible();
  }

  const lead = uniqueSubmission('live');
  await addLead(inbox.server, lead);
  await expect(leadLink(page, lead.name)).toBeVisible({ timeout: LIVE_MS });
  await expect(leadLink(otherPage, lead.name)).toBeVisible({ timeout: LIVE_MS });

  await leadLink(page, lead.name).click();
  await openedLead(page, lead.name).getByRole('button', { name: alertsCopy.take.button }).click();
  await expect(
    leadRow(otherPage, lead.name).getByText(alertsCopy.take.takenBy(member)),
  ).toBeVisible({ timeout: LIVE_MS });
  await other.close();
});

test('says the inbox updates every minute when the live connection is refused', async ({
  page,
  inbox,
  member,
}) => {
  await page.routeWebSocket(/\/realtime\/v1\//, (socket) => socket.close());
  await signIn(page, inbox, member);
  await expect(page.getByRole('status').filter({ hasText: live.polling })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: live.live })).toHaveCount(0);
});

test('goes live again once the session is refreshed, after the server closed its channel', async ({
  page,
  inbox,
  member,
}) => {
  // Only the server's shutdown of the channel is injected (a token that expired while the laptop
  // slept, server/realtime/connection.ts); everything else passes through to our server.
  let toPage: WebSocketRoute | undefined;
  let joinRef: string | undefined;
  await page.routeWebSocket(/\/realtime\/v1\//, (socket) => {
    const server = socket.connectToServer();
    toPage = socket;
    socket.onMessage((message) => {
      const frame = JSON.parse(String(message)) as unknown[];
      if (frame[3] === 'phx_join') joinRef = String(frame[0]);
      server.send(message);
    });
  });
  await page.clock.install();
  await signIn(page, inbox, member);
  const status = (text: string) => page.getByRole('status').filter({ hasText: text });
  await expect(status(live.live)).toBeVisible();

  const topic = 'realtime:inbox';
  const shutdown = { channel: 'inbox', extension: 'system', status: 'error' };
  toPage!.send(
    JSON.stringify([
      joinRef,
      null,
      topic,
      'system',
      { ...shutdown, message: 'Token has expired 5 seconds ago' },
    ]),
  );
  toPage!.send(JSON.stringify([joinRef, joinRef, topic, 'phx_close', {}]));
  await expect(status(live.polling)).toBeVisible();

  // supabase-js refreshes a session in its last minutes, and hands the inbox the new token.
  await page.clock.fastForward('59:00');
  await expect(status(live.live)).toBeVisible();
  const lead = uniqueSubmission('live-again');
  await addLead(inbox.server, lead);
  await expect(leadLink(page, lead.name)).toBeVisible({ timeout: LIVE_MS });
});

import type { Page } from '@playwright/test';
import { alertsCopy } from '../../src/inbox/alerts/alerts-copy';
import { browserName } from '../../src/inbox/alerts/browser-name';
import { BROWSER_TEST_PUSH_HOST, type InboxServer } from '../support/inbox-server.ts';
import { violations } from './support/axe';
import { withToastsHeld } from './support/contact';
import { inboxWorker } from './support/inbox-app';
import {
  deviceKeys,
  lapseSubscription,
  stubbedEndpoint,
  stubPushSubscription,
  subscribedServerKey,
} from './support/push-stub';
import { callAsMember, expect, signIn, test } from './support/inbox';
import { inEachColorScheme } from './support/site';

/**
 * "Turn on alerts", the member's devices, "Turn off alerts", against our server (docs/alerts.md).
 */

const copy = alertsCopy.view;

test.use({ permissions: ['notifications'] });

async function openAlerts(page: Page) {
  await page.getByRole('button', { name: copy.show }).click();
  await expect(page.getByRole('heading', { name: copy.heading })).toBeVisible();
}

/** The VAPID public key the server signs pushes with: a push service takes no other. */
const signingKey = async (inbox: InboxServer) =>
  String(
    (await inbox.server.query('select public_key from app_private.push_vapid_key'))[0]!.public_key,
  );

const devices = (page: Page) =>
  page.getByRole('region', { name: copy.devicesHeading }).getByRole('listitem');

test('"Turn on alerts" subscribes this device and lists it; "Turn off alerts" removes it; axe finds nothing', async ({
  page,
  inbox,
  member,
}, testInfo) => {
  const endpoint = `https://${BROWSER_TEST_PUSH_HOST}/push/${testInfo.testId}-on-off`;
  await stubPushSubscription(page, endpoint);
  await signIn(page, inbox, member);
  await inboxWorker(page);
  await openAlerts(page);
  await expect(page.getByText(copy.off)).toBeVisible();
  await expect(page.getByText(copy.devicesEmpty)).toBeVisible();

  await page.getByRole('button', { name: copy.turnOn }).click();
  await expect(page.getByText(copy.on)).toBeVisible();
  await expect(devices(page)).toHaveCount(1);
  expect(await subscribedServerKey(page)).toBe(await signingKey(inbox));
  // Desktop Chrome's user agent, as Playwright's device gives it: "Chrome on Windows".
  const name = browserName(await page.evaluate(() => navigator.userAgent));
  expect(name).toBe('Chrome on Windows');
  await expect(devices(page)).toContainText(`${name} (${copy.thisDevice})`);
  await withToastsHeld(page, () =>
    inEachColorScheme(page, async (scheme) => {
      expect.soft(await violations(page), `alerts on, ${scheme}`).toEqual([]);
    }),
  );

  await page.getByRole('button', { name: copy.turnOff }).click();
  await expect(page.getByText(copy.off)).toBeVisible();
  await expect(page.getByText(copy.devicesEmpty)).toBeVisible();
  expect(await stubbedEndpoint(page)).toBeNull();
});

test('another device can be removed from the list; a lapsed subscription is renewed quietly when the app opens', async ({
  page,
  inbox,
  member,
}, testInfo) => {
  const endpoint = `https://${BROWSER_TEST_PUSH_HOST}/push/${testInfo.testId}-renew`;
  await stubPushSubscription(page, endpoint);
  await signIn(page, inbox, member);
  await inboxWorker(page);
  await openAlerts(page);
  await page.getByRole('button', { name: copy.turnOn }).click();
  await expect(page.getByText(copy.on)).toBeVisible();

  // A second device of the same member's, registered as that device's inbox would.
  await callAsMember(page, 'inbox_add_push_device', {
    endpoint: `${endpoint}-other`,
    ...deviceKeys(),
    browser: 'Firefox on Windows',
  });
  await page.reload();
  await openAlerts(page);
  await expect(devices(page)).toHaveCount(2);
  await page.getByRole('button', { name: /^Remove Firefox on Windows/ }).click();
  await expect(devices(page)).toHaveCount(1);
  await expect(devices(page)).toContainText(copy.thisDevice);

  // The browser let the subscription lapse: opening the app subscribes and registers it again.
  await lapseSubscription(page);
  await page.reload();
  await expect.poll(() => stubbedEndpoint(page)).toBe(endpoint);
  expect(await subscribedServerKey(page)).toBe(await signingKey(inbox));
  await openAlerts(page);
  await expect(page.getByText(copy.on)).toBeVisible();
});

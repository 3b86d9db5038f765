import type { Page } from '@playwright/test';
import { alertsCopy } from '../../src/inbox/alerts/alerts-copy';
import { startInboxServer, type InboxServer } from '../support/inbox-server.ts';
import { LocalPushService } from '../support/push-service.ts';
import { callAsMember, test as inboxTest, expect, signIn } from './support/inbox';

/**
 * "Send a test alert" in the alerts view (docs/alerts.md), against our server
 * pushing to a local push service that decrypts what it takes: each device
 * listed with its push service's answer.
 */

const copy = alertsCopy.view;
const testCopy = alertsCopy.testAlert;

/** The inbox's server, pushing to a local push service of its own. */
const test = inboxTest.extend<object, { pushService: LocalPushService; inbox: InboxServer }>({
  pushService: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function destructures
    async ({}, use) => {
      const service = await LocalPushService.start();
      await use(service);
      await service.close();
    },
    { scope: 'worker' },
  ],
  inbox: [
    async ({ pushService }, use) => {
      const inbox = await startInboxServer(pushService);
      await use(inbox);
      await inbox.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
});

/** A device of the signed-in member's on the local push service, registered as its inbox would. */
async function addDevice(page: Page, service: LocalPushService, browser: string) {
  const key = String(await callAsMember(page, 'inbox_push_key', {}));
  const device = service.subscribe(key);
  await callAsMember(page, 'inbox_add_push_device', {
    endpoint: device.endpoint,
    ...device.keys,
    browser,
  });
  return device;
}

test('"Send a test alert" pushes to each of the member’s devices and says which accepted it', async ({
  page,
  inbox,
  member,
  pushService,
}) => {
  await signIn(page, inbox, member);
  const phone = await addDevice(page, pushService, 'Chrome on Android');
  const laptop = await addDevice(page, pushService, 'Firefox on Linux');
  pushService.answers.set(laptop.id, 410);
  await page.getByRole('button', { name: copy.show }).click();
  const devices = page
    .getByRole('region', { name: copy.devicesHeading, exact: true })
    .getByRole('listitem');
  await expect(devices).toHaveCount(2);

  await page.getByRole('button', { name: testCopy.send }).click();
  const results = page.getByRole('list', { name: testCopy.resultsLabel });
  await expect(results.getByRole('listitem')).toHaveText([
    `Chrome on Android: ${testCopy.accepted}`,
    `Firefox on Linux: ${testCopy.gone(410)}`,
  ]);
  expect(pushService.pushesTo(phone.id).map((push) => push.payload.kind)).toEqual(['test']);
  // The ended subscription is forgotten, and the list says so once the answers are in.
  await expect(devices).toHaveCount(1);
  await expect(devices).toContainText('Chrome on Android');
});

import type { Page } from '@playwright/test';
import { startInboxServer, type InboxServer } from '../../support/inbox-server.ts';
import { LocalPushService } from '../../support/push-service.ts';
import { callAsMember, test } from './inbox';

/** Tests of the inbox whose server pushes to a local push service of its own, which decrypts each push. */
export const pushTest = test.extend<object, { pushService: LocalPushService; inbox: InboxServer }>({
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
export async function addPushDevice(page: Page, service: LocalPushService, browser: string) {
  const key = String(await callAsMember(page, 'inbox_push_key', {}));
  const device = service.subscribe(key);
  await callAsMember(page, 'inbox_add_push_device', {
    endpoint: device.endpoint,
    ...device.keys,
    browser,
  });
  return device;
}

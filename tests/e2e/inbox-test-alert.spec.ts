import { alertsCopy } from '../../src/inbox/alerts/alerts-copy';
import { expect, signIn } from './support/inbox';
import { addPushDevice, pushTest as test } from './support/inbox-push';

/**
 * "Send a test alert" in the alerts view (docs/alerts.md), against our server
 * pushing to a local push service that decrypts what it takes: each device
 * listed with its push service's answer.
 */

const copy = alertsCopy.view;
const testCopy = alertsCopy.testAlert;

test('"Send a test alert" pushes to each of the member’s devices and says which accepted it', async ({
  page,
  inbox,
  member,
  pushService,
}) => {
  await signIn(page, inbox, member);
  const phone = await addPushDevice(page, pushService, 'Chrome on Android');
  const laptop = await addPushDevice(page, pushService, 'Firefox on Linux');
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

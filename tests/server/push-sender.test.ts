import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushSender, type PushSender } from '../../server/leads/push/push-sender.ts';
import { LocalPushService } from '../support/push-service.ts';
import { until } from '../support/until.ts';

const MESSAGE = {
  topic: 'test',
  payload: { kind: 'test' as const, title: 'Test', body: 'A test alert', url: '/inbox/' },
};

describe('the push sender and a push service’s keep-alive', () => {
  const vapid = webPush.generateVAPIDKeys();
  let service: LocalPushService;
  let sender: PushSender;
  beforeAll(async () => {
    service = await LocalPushService.start();
    sender = createPushSender({
      vapid,
      subject: 'mailto:owner@example.com',
      privateHostsAllowed: [service.host],
      ca: service.ca,
    });
  });
  afterAll(() => service.close());

  // A socket the service is closing as a push is written on it fails that push ("socket hang up"):
  // it waited for its retry, behind the pushes after it. So the sender lets an idle socket go
  // before the service's announced keep-alive ends, and never reuses one the service is closing.
  it('lets an idle connection go before the service would close it, and sends the next on a new one', async () => {
    const subscription = service.subscribe(vapid.publicKey);
    const device = { endpoint: subscription.endpoint, ...subscription.keys };
    expect(await sender.send(device, MESSAGE)).toEqual({ status: 'sent', code: 201 });
    const [first] = service.connections;
    // The service's keep-alive is Node's: announced as 5 s, ended after 6.
    const closedBy = await until(
      () => first?.closedBy,
      20_000,
      'the idle connection to close',
      (by) => by !== undefined,
    );
    expect(closedBy).toBe('sender');

    expect(await sender.send(device, MESSAGE)).toMatchObject({ status: 'sent' });
    expect(service.connections).toHaveLength(2);
    expect(service.pushesTo(subscription.id)).toHaveLength(2);
    expect(service.problems).toEqual([]);
  });
});

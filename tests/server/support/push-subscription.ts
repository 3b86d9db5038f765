import { createECDH, randomBytes } from 'node:crypto';

/** A browser's push subscription as PushSubscription.toJSON() gives it, with its private half. */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The device's private key and auth secret, to decrypt what it is sent (http_ece). */
  privateKey: Buffer;
  authSecret: Buffer;
}

/** A fresh P-256 key pair and auth secret, as a browser makes for each subscription. */
export function testSubscription(endpoint: string): TestSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    endpoint,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: authSecret.toString('base64url'),
    },
    privateKey: ecdh.getPrivateKey(),
    authSecret,
  };
}

/** The arguments of rpc/inbox_add_push_device for a subscription. */
export function deviceArgs(subscription: TestSubscription, browser = 'Chrome on Android') {
  return {
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    browser,
  };
}

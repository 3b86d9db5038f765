import { createECDH, randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';

/**
 * pushManager's subscription in a browser test: headless Chromium cannot reach
 * a real push service, so the page's PushManager is stubbed (never our server).
 */

/** A subscription's public key and auth secret, as a browser makes them for each one. */
export function deviceKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

/** Where the stub keeps its subscription's endpoint, and the key it was subscribed with. */
const STUB_SUBSCRIPTION = 'test-push-subscription';
const STUB_SERVER_KEY = 'test-push-application-server-key';

/**
 * Hands pushManager.subscribe a subscription for a local push endpoint, as
 * Chromium would for Google's (which headless Chromium cannot reach): the
 * browser's API is stubbed, never our server. The subscription outlives a
 * reload (localStorage) as a browser's does; `unsubscribe` ends it. The
 * applicationServerKey it was given is kept (`subscribedServerKey`): a push
 * service takes pushes signed with that key only.
 */
export async function stubPushSubscription(page: Page, endpoint: string) {
  const keys = deviceKeys();
  await page.addInitScript(
    ({ endpoint, keys, KEY, SERVER_KEY }) => {
      const subscription = () => ({
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true },
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: async () => {
          localStorage.removeItem(KEY);
          localStorage.removeItem(SERVER_KEY);
          return true;
        },
      });
      const base64Url = (key: BufferSource | string | null | undefined) => {
        if (key == null || typeof key === 'string') return key ?? '';
        const bytes = ArrayBuffer.isView(key)
          ? new Uint8Array(key.buffer, key.byteOffset, key.byteLength)
          : new Uint8Array(key);
        return btoa(String.fromCharCode(...bytes))
          .replaceAll('+', '-')
          .replaceAll('/', '_')
          .replace(/=+$/, '');
      };
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        localStorage.setItem(KEY, endpoint);
        localStorage.setItem(SERVER_KEY, base64Url(options?.applicationServerKey));
        return subscription() as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return localStorage.getItem(KEY) ? (subscription() as unknown as PushSubscription) : null;
      };
    },
    { endpoint, keys, KEY: STUB_SUBSCRIPTION, SERVER_KEY: STUB_SERVER_KEY },
  );
}

/** The stubbed subscription's endpoint, or null once it has ended or lapsed. */
export const stubbedEndpoint = (page: Page) =>
  page.evaluate((key) => localStorage.getItem(key), STUB_SUBSCRIPTION);

/** The applicationServerKey (base64url) the page last subscribed with, or null. */
export const subscribedServerKey = (page: Page) =>
  page.evaluate((key) => localStorage.getItem(key), STUB_SERVER_KEY);

/** The browser let the stubbed subscription lapse, as one may without telling the page. */
export const lapseSubscription = (page: Page) =>
  page.evaluate(
    (keys) => keys.forEach((key) => localStorage.removeItem(key)),
    [STUB_SUBSCRIPTION, STUB_SERVER_KEY],
  );

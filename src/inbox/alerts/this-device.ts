import { INBOX_SCOPE } from '../../config/inbox-app';
import { addPushDevice, pushKey, removePushDevice, type PushDevice } from './push-api';
import { browserName } from './browser-name';

/**
 * This device's push subscription: made with the server's key, registered
 * with the database, and remembered here (localStorage, which holds the
 * session too), so the app can resubscribe quietly when it opens and can
 * tell when the device was removed from another one.
 */
const REGISTERED_KEY = 'inbox-alerts-endpoint-v1';

export type Support = 'supported' | 'unsupported';

export function alertsSupport(): Support {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
    ? 'supported'
    : 'unsupported';
}

async function registration(): Promise<ServiceWorkerRegistration> {
  const found = await navigator.serviceWorker.getRegistration(INBOX_SCOPE);
  return found ?? navigator.serviceWorker.ready;
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  return (await registration()).pushManager.getSubscription();
}

/** The endpoint this device last registered, or null after "Turn off alerts". */
export const registeredEndpoint = () => localStorage.getItem(REGISTERED_KEY);

function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** Subscribes (or keeps the subscription there is) and registers it with the database. */
export async function subscribeThisDevice(): Promise<PushSubscription> {
  const pushManager = (await registration()).pushManager;
  const subscription =
    (await pushManager.getSubscription()) ??
    (await pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlBytes(await pushKey()),
    }));
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('A subscription without keys');
  await addPushDevice(
    { endpoint, p256dh: keys.p256dh, auth: keys.auth },
    browserName(navigator.userAgent, navigator.maxTouchPoints),
  );
  localStorage.setItem(REGISTERED_KEY, endpoint);
  return subscription;
}

/** "Turn off alerts": the browser forgets the subscription and the database the device. */
export async function unsubscribeThisDevice(devices: PushDevice[]): Promise<void> {
  const subscription = await currentSubscription();
  const endpoint = subscription?.endpoint ?? registeredEndpoint();
  const device = devices.find((d) => d.endpoint === endpoint);
  if (device) await removePushDevice(device.id);
  await subscription?.unsubscribe();
  localStorage.removeItem(REGISTERED_KEY);
}

/** The browser's side of a device removed elsewhere (or by the server): let it go here too. */
export async function forgetThisDevice(): Promise<void> {
  localStorage.removeItem(REGISTERED_KEY);
  if (alertsSupport() === 'supported') await (await currentSubscription())?.unsubscribe();
}

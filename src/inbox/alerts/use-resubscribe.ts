import { useEffect } from 'react';
import { listPushDevices } from './push-api';
import {
  alertsSupport,
  currentSubscription,
  forgetThisDevice,
  registeredEndpoint,
  subscribeThisDevice,
} from './this-device';

/**
 * When the app opens signed in on a device that turned alerts on: a
 * subscription the browser let expire or changed is made again and
 * registered, quietly (push services end subscriptions without a word). A
 * device removed elsewhere (from another device, or by signing out
 * everywhere) stays off here too, rather than adding itself back.
 */
export function useResubscribe(signedIn: boolean) {
  useEffect(() => {
    if (!signedIn || alertsSupport() !== 'supported') return;
    if (Notification.permission !== 'granted' || !registeredEndpoint()) return;
    void (async () => {
      const subscription = await currentSubscription();
      if (subscription && subscription.endpoint === registeredEndpoint()) {
        const devices = await listPushDevices();
        if (!devices.some((device) => device.endpoint === subscription.endpoint)) {
          await forgetThisDevice();
        }
        return;
      }
      await subscribeThisDevice();
    })().catch((error: unknown) => console.warn('Inbox: alerts not renewed', error));
  }, [signedIn]);
}

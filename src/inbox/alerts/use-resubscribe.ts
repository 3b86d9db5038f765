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
 * When the app opens signed in on a device that turned alerts on, it
 * registers the device again, quietly: a subscription the browser let expire
 * or changed is made anew (push services end subscriptions without a word),
 * and the device is bound to this session, which its alerts' "I'm on it"
 * needs (a session signed out ends it). A device removed elsewhere (from
 * another device, or by signing out everywhere) stays off here too, rather
 * than adding itself back.
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
          return;
        }
      }
      await subscribeThisDevice();
    })().catch((error: unknown) => console.warn('Inbox: alerts not renewed', error));
  }, [signedIn]);
}

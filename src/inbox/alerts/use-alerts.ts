import { useCallback, useEffect, useState } from 'react';
import { alertsCopy } from './alerts-copy';
import { notify } from '../inbox-toast';
import { InboxRequestError } from '../api';
import { listPushDevices, removePushDevice, type PushDevice } from './push-api';
import {
  alertsSupport,
  currentSubscription,
  registeredEndpoint,
  subscribeThisDevice,
  unsubscribeThisDevice,
} from './this-device';

const copy = alertsCopy.view;

export type DevicesState =
  { state: 'loading' } | { state: 'failed' } | { state: 'ready'; devices: PushDevice[] };

/**
 * The alerts view's state: whether this browser can have alerts, whether the
 * member allowed notifications, this device's registered endpoint (null:
 * alerts off here), the member's devices, and the three things they can do.
 */
export function useAlerts() {
  const [support] = useState(alertsSupport);
  const [permission, setPermission] = useState<NotificationPermission>(() =>
    support === 'supported' ? Notification.permission : 'default',
  );
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [devices, setDevices] = useState<DevicesState>({ state: 'loading' });
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => {
    try {
      setDevices({ state: 'ready', devices: await listPushDevices() });
    } catch (error) {
      console.warn('Inbox: the devices could not be read', error);
      setDevices({ state: 'failed' });
    }
  }, []);

  useEffect(() => {
    void reload();
    if (support !== 'supported') return;
    void currentSubscription().then((subscription) => {
      const mine = subscription?.endpoint ?? null;
      setEndpoint(mine && mine === registeredEndpoint() ? mine : null);
    });
  }, [reload, support]);

  const run = async (action: () => Promise<void>, failed: string) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      console.warn('Inbox: alerts', error);
      void notify('error', failed);
    } finally {
      setBusy(false);
      await reload();
    }
  };

  const turnOn = () =>
    run(async () => {
      const answer = await Notification.requestPermission();
      setPermission(answer);
      if (answer !== 'granted') return;
      try {
        setEndpoint((await subscribeThisDevice()).endpoint);
        void notify('success', copy.turnedOn);
      } catch (error) {
        // 409: this browser's subscription is another member's device (a shared computer).
        if (!(error instanceof InboxRequestError && error.status === 409)) throw error;
        void notify('error', copy.otherMember);
      }
    }, copy.failed);

  const list = devices.state === 'ready' ? devices.devices : [];
  const turnOff = () =>
    run(async () => {
      await unsubscribeThisDevice(list);
      setEndpoint(null);
      void notify('success', copy.turnedOff);
    }, copy.removeFailed);

  const remove = (device: PushDevice) =>
    device.endpoint === endpoint
      ? turnOff()
      : run(async () => {
          await removePushDevice(device.id);
          void notify('success', copy.removed(device.browser));
        }, copy.removeFailed);

  return { support, permission, endpoint, devices, busy, turnOn, turnOff, remove, reload };
}

import { INBOX_SCOPE } from '../../config/inbox-app';

/**
 * Closes this device's notification about a lead once the lead is open here:
 * it has been seen, and a stale alert on the lock screen would say otherwise.
 */
export async function closeLeadAlert(id: number): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration(INBOX_SCOPE);
  if (!registration) return;
  for (const notification of await registration.getNotifications({ tag: `lead-${id}` })) {
    notification.close();
  }
}

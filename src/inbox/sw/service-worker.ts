import { OPEN_LEAD_MESSAGE } from '../../config/inbox-app';
import {
  alertFor,
  OPEN_ACTION,
  TAKE_ACTION,
  takenAlert,
  type AlertData,
} from '../alerts/alert-payload';
import { apiBase, apiHeaders } from '../api-base';
import { dropOldShells, routeFor, storeShell } from './shell-cache';
import type { ServiceWorkerScope } from './sw-types';
import type { InboxRpc, RpcArgs } from '../../../shared/inbox-rpcs';
import { REST_PREFIX } from '../../../shared/paths';

/**
 * The inbox's service worker (/inbox/sw.js, scope /inbox/; docs/alerts.md):
 * keeps the shell so the installed app opens offline, shows each push as a
 * notification, opens the inbox at the lead, and takes a lead from the
 * notification without opening the inbox. The public page has none.
 */
declare const self: ServiceWorkerScope;

self.addEventListener('install', (event) => {
  event.waitUntil(storeShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(dropOldShells().then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const route = routeFor(event.request, self.location.origin);
  if (route) event.respondWith(route());
});

self.addEventListener('push', (event) => {
  let payload: unknown = null;
  try {
    payload = event.data?.json() ?? null;
  } catch {
    // Not JSON: still a notification (iOS cancels a subscription whose push shows none).
  }
  const { title, options } = alertFor(payload, self.location.origin);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  const data = event.notification.data as AlertData;
  if (event.action === TAKE_ACTION && data.takeToken) {
    event.waitUntil(takeFromAlert(data));
    return;
  }
  if (event.action && event.action !== OPEN_ACTION) return;
  event.notification.close();
  event.waitUntil(openInbox(data.url));
});

const TAKE_FROM_ALERT = 'inbox_take_from_alert' satisfies InboxRpc;

/** "I'm on it" without opening the inbox: the token in the push is the proof, no session needed. */
async function takeFromAlert(data: AlertData): Promise<void> {
  const headers = { 'content-type': 'application/json', ...apiHeaders() };
  let ok = false;
  try {
    // The action is offered only with a token (alert-payload.ts), so it is here.
    const args: Partial<RpcArgs<typeof TAKE_FROM_ALERT>> = { token: data.takeToken };
    const response = await fetch(`${apiBase()}${REST_PREFIX}/rpc/${TAKE_FROM_ALERT}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(args),
      credentials: 'omit',
    });
    ok = response.ok;
  } catch {
    // Offline: the replacement says it did not go through, and "Open" still works.
  }
  const { title, options } = takenAlert(data, ok);
  await self.registration.showNotification(title, options);
}

/** Focuses an open inbox and opens the lead there, or opens the (installed) inbox at it. */
async function openInbox(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.url.startsWith(self.registration.scope));
  if (open) {
    open.postMessage({ type: OPEN_LEAD_MESSAGE, url });
    await open.focus();
    return;
  }
  await self.clients.openWindow(url);
}

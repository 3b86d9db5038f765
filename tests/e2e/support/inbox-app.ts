import type { BrowserContext, Page, Worker } from '@playwright/test';
import { INBOX_SCOPE } from '../../../src/config/inbox-app';

/**
 * The installed inbox in a test: its service worker once active and in
 * control of the page, its registration's id for DevTools' push delivery,
 * and what it keeps in Cache Storage and shows as notifications.
 */

/** Waits until the inbox's worker is active and controls the page; resolves to the worker. */
export async function inboxWorker(page: Page): Promise<Worker> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  });
  const worker = page
    .context()
    .serviceWorkers()
    .find((w) => new URL(w.url()).pathname.startsWith(INBOX_SCOPE));
  const active = worker ?? (await page.context().waitForEvent('serviceworker'));
  await recordAlerts(active);
  await recordRpcAnswers(active);
  return active;
}

/** What the server answered one of the worker's calls to a function (/rest/v1/rpc/…). */
export interface RpcAnswer {
  path: string;
  status: number;
  body: string;
}

/**
 * Every answer the worker's fetch got from a function of the API, in order: an
 * answer is the server's own word, where a request that never reached it (the
 * network down) records nothing.
 */
function recordRpcAnswers(worker: Worker) {
  return worker.evaluate(() => {
    const scope = self as unknown as { rpcAnswers?: unknown[]; fetch: typeof fetch };
    if (scope.rpcAnswers) return;
    const answers: unknown[] = (scope.rpcAnswers = []);
    const browserFetch = scope.fetch.bind(self);
    scope.fetch = async (input, init) => {
      const response = await browserFetch(input, init);
      const { pathname } = new URL(input instanceof Request ? input.url : String(input));
      if (pathname.includes('/rest/v1/rpc/')) {
        answers.push({
          path: pathname,
          status: response.status,
          body: await response.clone().text(),
        });
      }
      return response;
    };
  });
}

/** The answers the worker got from the API's functions so far (recordRpcAnswers). */
export const rpcAnswers = (worker: Worker) =>
  worker.evaluate(() => (self as unknown as { rpcAnswers: RpcAnswer[] }).rpcAnswers);

/** Every URL in Cache Storage, by cache name, as the page's origin holds them. */
export const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      out[name] = (await cache.keys()).map((request) => new URL(request.url).pathname);
    }
    return out;
  });

/** A notification as the inbox's worker had the browser show it. */
export interface ShownAlert {
  title: string;
  body: string;
  tag: string;
  requireInteraction: boolean;
  actions: { action: string; title: string }[];
  data: Record<string, unknown>;
}

/**
 * Every notification the worker's showNotification had accepted, in order. Read from the
 * worker's own calls, not from getNotifications(): headless Chromium drops about one
 * notification in 40 from that list straight after showing it (its platform's list of
 * displayed notifications lacks it, and PlatformNotificationContextImpl hides and deletes
 * what is not on that list), whatever our worker does; a second show of the same tag stays.
 */
function recordAlerts(worker: Worker) {
  return worker.evaluate(() => {
    const scope = self as unknown as {
      shownAlerts?: unknown[];
      browserShow?: ServiceWorkerRegistration['showNotification'];
    };
    if (scope.shownAlerts) return;
    scope.shownAlerts = [];
    const prototype = ServiceWorkerRegistration.prototype;
    const show = prototype.showNotification;
    scope.browserShow = show;
    prototype.showNotification = async function (title: string, options: NotificationOptions = {}) {
      await show.call(this, title, options);
      const { actions = [] } = options as { actions?: { action: string; title: string }[] };
      scope.shownAlerts!.push({
        title,
        body: options.body ?? '',
        tag: options.tag ?? '',
        requireInteraction: options.requireInteraction ?? false,
        actions: actions.map(({ action, title }) => ({ action, title })),
        data: options.data as Record<string, unknown>,
      });
    };
    const close = Notification.prototype.close;
    Notification.prototype.close = function () {
      close.call(this);
      scope.shownAlerts!.push({ closedTag: this.tag });
    };
  });
}

/**
 * The notifications on screen now, as the browser keeps them: the last one the worker showed
 * of each tag unless the worker closed it since, and every untagged one.
 */
export async function shownNotifications(worker: Worker): Promise<ShownAlert[]> {
  const all = await worker.evaluate(
    () => (self as unknown as { shownAlerts: (ShownAlert | { closedTag: string })[] }).shownAlerts,
  );
  const onScreen = new Map<string, ShownAlert>();
  all.forEach((entry, index) => {
    if ('closedTag' in entry) {
      onScreen.delete(entry.closedTag);
      return;
    }
    const key = entry.tag || `untagged-${index}`;
    onScreen.delete(key);
    onScreen.set(key, entry);
  });
  return [...onScreen.values()];
}

/** The tags of the notifications the browser lists for the inbox now (getNotifications). */
export const listedTags = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => n.tag);
  });

/**
 * Makes sure the browser lists the notification tagged `tag` that the worker showed last,
 * showing it once more if headless Chromium dropped it (see recordAlerts), so that a tap
 * or a close has the browser's own Notification to act on.
 */
export async function listedNotification(worker: Worker, tag: string) {
  const [shown] = (await shownNotifications(worker)).filter((alert) => alert.tag === tag);
  if (!shown) throw new Error(`The worker showed no notification tagged ${tag}`);
  await worker.evaluate(async (shown) => {
    const { registration, browserShow } = self as unknown as {
      registration: ServiceWorkerRegistration;
      browserShow: ServiceWorkerRegistration['showNotification'];
    };
    for (let attempt = 0; attempt < 5; attempt++) {
      if ((await registration.getNotifications({ tag: shown.tag })).length > 0) return;
      // The browser's own method: the record already holds this notification.
      await browserShow.call(registration, shown.title, shown);
    }
    throw new Error(`Chromium never listed the notification tagged ${shown.tag}`);
  }, shown);
}

/**
 * Delivers a push to the inbox's worker as the push service would, through
 * DevTools (ServiceWorker.deliverPushMessage): headless Chromium cannot reach
 * a real push service, and the payload is what the worker decrypts.
 */
export async function deliverPush(context: BrowserContext, page: Page, payload: unknown) {
  const cdp = await context.newCDPSession(page);
  const origin = new URL(page.url()).origin;
  const registrationId = await new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find(
        (r: { scopeURL: string; isDeleted: boolean }) =>
          r.scopeURL === `${origin}${INBOX_SCOPE}` && !r.isDeleted,
      );
      if (found) resolve(found.registrationId as string);
    });
    void cdp.send('ServiceWorker.enable');
  });
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId,
    data: JSON.stringify(payload),
  });
  await cdp.detach();
}

/**
 * A tap on the notification tagged `tag` (action '' is the notification
 * itself), dispatched in the worker as the browser dispatches it: no DevTools
 * command clicks a notification.
 */
export async function tapNotification(worker: Worker, tag: string, action: string) {
  await listedNotification(worker, tag);
  await worker.evaluate(
    async ([tag, action]) => {
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(event: Event): boolean;
      };
      const [notification] = await scope.registration.getNotifications({ tag });
      if (!notification) throw new Error(`No notification tagged ${tag}`);
      const NotificationEvent = (
        self as unknown as {
          NotificationEvent: new (type: string, init: object) => Event;
        }
      ).NotificationEvent;
      scope.dispatchEvent(new NotificationEvent('notificationclick', { notification, action }));
    },
    [tag, action] as const,
  );
}

import { INBOX_SCOPE, INBOX_SW_PATH } from '../../config/inbox-app';

/**
 * Registers the inbox's service worker (docs/alerts.md), from the inbox's
 * page only: the public page never loads this module. After the page's load,
 * so the shell's download never competes with the first view's.
 * `updateViaCache: 'none'`: the worker is checked past any HTTP cache.
 */
export function registerInboxWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker
      .register(INBOX_SW_PATH, { scope: INBOX_SCOPE, updateViaCache: 'none' })
      .catch((error: unknown) => console.warn('Inbox: the service worker did not register', error));
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}

import { useEffect, useRef } from 'react';
import { INBOX_SCOPE, OPEN_LEAD_MESSAGE } from '../../config/inbox-app';

/**
 * A tap on a notification while the inbox is open: the service worker
 * focuses this window and names the lead, and the page opens it by its
 * fragment (#lead=<id>), without a reload; `onOpen` shows the leads.
 */
export function useOpenFromAlert(onOpen: () => void) {
  const latest = useRef(onOpen);
  useEffect(() => {
    latest.current = onOpen;
  });
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; url?: unknown } | null;
      if (data?.type !== OPEN_LEAD_MESSAGE || typeof data.url !== 'string') return;
      const url = new URL(data.url, window.location.origin);
      if (url.origin !== window.location.origin || !url.pathname.startsWith(INBOX_SCOPE)) return;
      window.location.hash = url.hash;
      latest.current();
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, []);
}

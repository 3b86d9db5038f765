import { useEffect, useRef } from 'react';
import { INBOX_REFRESH_MS } from '../config/inbox';
import { onLiveChange } from './live';

/**
 * Calls `refresh` after each burst of live changes (live.ts), when the window
 * regains focus, and every INBOX_REFRESH_MS while the page is shown: the
 * minute's refresh is what remains when the live connection is down. A
 * hidden tab is not polled; it catches up when it is shown again.
 */
export function useRefresh(refresh: () => void) {
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  });
  useEffect(() => {
    const run = () => {
      if (document.visibilityState === 'visible') latest.current();
    };
    const timer = window.setInterval(run, INBOX_REFRESH_MS);
    const stopListening = onLiveChange(run);
    window.addEventListener('focus', run);
    document.addEventListener('visibilitychange', run);
    return () => {
      window.clearInterval(timer);
      stopListening();
      window.removeEventListener('focus', run);
      document.removeEventListener('visibilitychange', run);
    };
  }, []);
}

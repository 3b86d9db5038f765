import { useSyncExternalStore } from 'react';
import { leadIdOf } from '../../shared/paths';

/**
 * The open lead lives in the URL's fragment (shared/paths.ts, leadUrl): each lead email and
 * alert links there, and the browser's Back closes a lead opened from the list.
 */
const read = () => leadIdOf(window.location.hash);

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('hashchange', listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('hashchange', listener);
    window.removeEventListener('popstate', listener);
  };
}

/** The id in `#lead=<id>`, followed live; null when none is open (and in the prerendered HTML). */
export function useOpenLead(): number | null {
  return useSyncExternalStore(subscribe, read, () => null);
}

/** Closes the open lead: the fragment goes, leaving a clean /inbox/ in the address bar. */
export function closeLead() {
  window.history.pushState(null, '', window.location.pathname + window.location.search);
  notify();
}

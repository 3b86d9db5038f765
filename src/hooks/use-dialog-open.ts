import { useCallback, useSyncExternalStore, type RefObject } from 'react';

/**
 * Whether the dialog is open, read from the dialog itself: it may be opened
 * by a press before its island hydrated (src/islands/first-answers.ts), and
 * is closed by Escape without React being asked. Closed in the prerender.
 */
export function useDialogOpen(ref: RefObject<HTMLDialogElement | null>): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const observer = new MutationObserver(listener);
      if (ref.current) observer.observe(ref.current, { attributeFilter: ['open'] });
      return () => observer.disconnect();
    },
    [ref],
  );
  return useSyncExternalStore(
    subscribe,
    () => ref.current?.open ?? false,
    () => false,
  );
}

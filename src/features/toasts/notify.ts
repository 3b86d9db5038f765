import { useSyncExternalStore } from 'react';

/**
 * Toasts without paying for them on first view: sonner (~10 KB gzip) is loaded
 * and its Toaster mounted the first time the page needs one (the visitor
 * starts on the form, or a toast is raised), never before an interaction.
 */
type Sonner = typeof import('sonner');

let requested = false;
let sonner: Promise<Sonner> | null = null;
const listeners = new Set<() => void>();
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => (markMounted = resolve));

/** Mounts the Toaster soon; call when a toast is likely (e.g. the form gains focus). */
export function prepareToasts(): Promise<Sonner> {
  if (!requested) {
    requested = true;
    listeners.forEach((listener) => listener());
  }
  sonner ??= import('sonner');
  return sonner;
}

/** The sonner `toast` function, once the Toaster is mounted and listening. */
export async function getToast(): Promise<Sonner['toast']> {
  const { toast } = await prepareToasts();
  await mounted;
  return toast;
}

/** Called by the Toaster once it is mounted (its children subscribe first). */
export function toasterMounted() {
  markMounted();
}

export function useToastsRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => requested,
    () => false,
  );
}

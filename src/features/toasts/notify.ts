/**
 * Toasts without paying for them on first view: sonner (~10 KB gzip) is loaded
 * and its Toaster mounted, in a root of its own, the first time the page needs
 * one (the visitor starts on the form, or a toast is raised), never before.
 */
type Toast = (typeof import('sonner'))['toast'];

let toaster: Promise<Toast> | null = null;
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => (markMounted = resolve));

/** Mounts the Toaster soon; call when a toast is likely (e.g. the form gains focus). */
export function prepareToasts(): Promise<Toast> {
  // A load that failed (offline before sonner arrived) is tried again next time.
  toaster ??= import('./mount-toaster')
    .then((module) => module.mountToaster())
    .catch((error: unknown) => {
      toaster = null;
      throw error;
    });
  return toaster;
}

/** The sonner `toast` function, once the Toaster is mounted and listening. */
export async function getToast(): Promise<Toast> {
  const toast = await prepareToasts();
  await mounted;
  return toast;
}

/** Called by the Toaster once it is mounted (its children subscribe first). */
export function toasterMounted() {
  markMounted();
}

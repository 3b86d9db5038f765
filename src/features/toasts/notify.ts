/**
 * Toasts without paying for them on first view: sonner (~10 KB gzip) is loaded
 * and its Toaster mounted, in a root of its own, the first time the page needs
 * one (the visitor starts on the form, or a toast is raised), never before.
 */
type Toast = (typeof import('sonner'))['toast'];

let toaster: Promise<Toast> | null = null;

/**
 * sonner's `toast`, once the Toaster is mounted and listening (a toast raised before would be
 * lost). Called early too, when a toast is likely (the form gains focus), to mount it ahead.
 */
export function getToast(): Promise<Toast> {
  // A load that failed (offline before sonner arrived) is tried again next time.
  toaster ??= import('./mount-toaster')
    .then((module) => module.mountToaster())
    .catch((error: unknown) => {
      toaster = null;
      throw error;
    });
  return toaster;
}

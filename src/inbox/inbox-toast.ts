import { getToast } from '../features/toasts/notify';

/** A toast through the site's sonner setup (loaded once signed in: prepareToasts). */
export async function notify(kind: 'success' | 'error', message: string) {
  const toast = await getToast();
  toast[kind](message);
}

/**
 * Mounts the Toaster ahead, once a member is signed in: its live region must be in the page
 * before the first change's toast, as a screen reader may not read a region added with its
 * first message. A failed load is tried again by the next toast.
 */
export function prepareToasts() {
  getToast().catch(() => {});
}

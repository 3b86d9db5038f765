import { getToast } from '../features/toasts/notify';

/** A toast through the site's sonner setup (loaded on the first one). */
export async function notify(kind: 'success' | 'error', message: string) {
  const toast = await getToast();
  toast[kind](message);
}

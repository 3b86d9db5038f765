import { createRoot } from 'react-dom/client';
import { toast } from 'sonner';
import SonnerToaster from './sonner-toaster';

/**
 * The page's one toast notifier, in a React root of its own at the end of
 * <body>: toasts belong to no island, and were never part of the prerendered
 * HTML. Resolves to sonner's `toast` once the Toaster has mounted (its children
 * subscribe first, so a toast raised then is shown).
 */
export function mountToaster(): Promise<typeof toast> {
  const host = document.createElement('div');
  document.body.append(host);
  return new Promise((resolve) => {
    createRoot(host).render(<SonnerToaster onMounted={() => resolve(toast)} />);
  });
}

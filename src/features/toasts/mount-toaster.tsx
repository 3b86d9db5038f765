import { createRoot } from 'react-dom/client';
import { toast } from 'sonner';
import SonnerToaster from './sonner-toaster';

/**
 * The page's one toast notifier, in a React root of its own at the end of
 * <body>: toasts belong to no island, and were never part of the prerendered
 * HTML. Returns sonner's `toast`.
 */
export function mountToaster() {
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(<SonnerToaster />);
  return toast;
}

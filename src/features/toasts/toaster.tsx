import { lazy, Suspense } from 'react';
import { useToastsRequested } from './notify';

const SonnerToaster = lazy(() => import('./sonner-toaster'));

/** Mounted once for the page; renders sonner's Toaster from the first moment a toast is wanted. */
export function Toaster() {
  const requested = useToastsRequested();
  return requested ? (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  ) : null;
}

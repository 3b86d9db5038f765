import type { CSSProperties } from 'react';
import { LOADING_OVERLAY_MS } from '../../config/constants';

/**
 * The load spinner (docs/product.md#ruling-spinner), as an overlay that leaves on its own after
 * LOADING_OVERLAY_MS (pure CSS). The content beneath is already in the HTML,
 * so crawlers and visitors without scripts never see it (styles.css).
 */
export function LoadingOverlay() {
  return (
    <div
      aria-hidden="true"
      data-testid="loading-overlay"
      className="loading-overlay pointer-events-none fixed inset-0 z-50 place-items-center bg-canvas"
      style={{ '--overlay-ms': `${LOADING_OVERLAY_MS}ms` } as CSSProperties}
    >
      <span className="spinner size-10 rounded-full border-4 border-line border-t-warm" />
    </div>
  );
}

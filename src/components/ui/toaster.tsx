import type { CSSProperties } from 'react';
import { Toaster as Sonner } from 'sonner';
import { TOASTS } from '../../config/constants';
import { useThemeChoice } from '../../features/theme/theme-store';

/** The page's one toast notifier, with the spec's defaults (§9), following the theme. */
export function Toaster() {
  const theme = useThemeChoice();
  return (
    <Sonner
      theme={theme}
      position={TOASTS.position}
      visibleToasts={TOASTS.visible}
      duration={TOASTS.durationMs}
      gap={TOASTS.gapPx}
      offset={TOASTS.offsetPx}
      hotkey={[...TOASTS.hotkey]}
      closeButton
      richColors
      style={{ '--width': `${TOASTS.widthPx}px` } as CSSProperties}
    />
  );
}

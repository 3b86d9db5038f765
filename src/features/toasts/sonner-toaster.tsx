import { useEffect, type CSSProperties } from 'react';
import { Toaster } from 'sonner';
import { TOASTS } from '../../config/constants';
import { useThemeChoice } from '../theme/theme-store';

/** The page's one toast notifier, with the defaults of docs/product.md#constants, following the theme. */
export default function SonnerToaster({ onMounted }: { onMounted: () => void }) {
  const theme = useThemeChoice();
  // Runs once: the root renders this element once, so onMounted never changes.
  useEffect(() => onMounted(), [onMounted]);
  return (
    <Toaster
      theme={theme}
      position={TOASTS.position}
      visibleToasts={TOASTS.visible}
      duration={TOASTS.durationMs}
      gap={TOASTS.gapPx}
      offset={TOASTS.offsetPx}
      mobileOffset={TOASTS.mobileOffsetPx}
      hotkey={[...TOASTS.hotkey]}
      closeButton
      richColors
      style={{ '--width': `${TOASTS.widthPx}px` } as CSSProperties}
    />
  );
}

import { useEffect, useState, type RefObject } from 'react';

/** What a visitor taps: a control under an overlay would take the tap meant for it. */
const CONTROL =
  'a[href], button, input, select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])';
/**
 * How far the overlay moves as it shows (translate-y-4 in floating-cta.tsx): the spot is read
 * where it will stand as well as where it stands hidden.
 */
const TRAVEL_PX = 16;

/**
 * True while a link, button or field of the page lies under `overlay`'s spot
 * (docs/product.md#ruling-floating-cta: it never covers what the visitor taps).
 * Looked at while `active`, on every scroll and resize, and after each tap and
 * transition, which can put a control there without a scroll (a case study
 * turning to its back is edge-on, with no button to hit, until it has turned).
 */
export function useCoversControl(overlay: RefObject<HTMLElement | null>, active: boolean): boolean {
  const [covers, setCovers] = useState(false);

  useEffect(() => {
    if (!active) return;
    let frame = 0;
    const look = () => {
      frame = 0;
      const element = overlay.current;
      if (!element) return;
      const box = element.getBoundingClientRect();
      const xs = [box.left + 2, box.left + box.width / 2, box.right - 2];
      const ys = [box.top - TRAVEL_PX + 2, box.top + box.height / 2, box.bottom - 2];
      setCovers(
        xs.some((x) =>
          ys.some((y) => {
            // The first thing under the spot that is not the overlay: what a tap there would reach.
            const under = document.elementsFromPoint(x, y).find((hit) => !element.contains(hit));
            return !!under?.closest(CONTROL);
          }),
        ),
      );
    };
    const soon = () => {
      if (!frame) frame = requestAnimationFrame(look);
    };
    look();
    window.addEventListener('scroll', soon, { passive: true });
    window.addEventListener('resize', soon);
    document.addEventListener('click', soon);
    document.addEventListener('transitionend', soon);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', soon);
      window.removeEventListener('resize', soon);
      document.removeEventListener('click', soon);
      document.removeEventListener('transitionend', soon);
    };
  }, [overlay, active]);

  return active && covers;
}

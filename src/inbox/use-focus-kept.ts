import { useEffect, type RefObject } from 'react';

/**
 * Keeps a keyboard user's place in `area`: when the element they were on is taken away (a
 * button that did its work and is gone) or disabled under them, focus would fall to the page
 * itself, and their next Tab would start from the top. It goes to `fallback` instead. Focus that
 * leaves for anywhere else, or a click on plain text, is left alone.
 */
export function useFocusKept(
  area: RefObject<HTMLElement | null>,
  fallback: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    const element = area.current;
    if (!element) return;
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget !== null) return;
      const left = event.target as HTMLElement;
      // After React has finished: an effect of its own may already have placed focus.
      window.setTimeout(() => {
        const lost = document.activeElement === null || document.activeElement === document.body;
        const gone = !left.isConnected || (left as HTMLButtonElement).disabled === true;
        if (lost && gone && element.isConnected) fallback.current?.focus({ preventScroll: true });
      });
    };
    element.addEventListener('focusout', onFocusOut);
    return () => element.removeEventListener('focusout', onFocusOut);
  }, [area, fallback]);
}

/**
 * Focuses `target` once `when` holds, if the focus is nowhere: it went with what was taken away
 * (the workspace, the form). Focus the member has put elsewhere is left be.
 */
export function useFocusIfLost(target: RefObject<HTMLElement | null>, when: boolean): void {
  useEffect(() => {
    if (!when) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    target.current?.focus({ preventScroll: true });
  }, [target, when]);
}

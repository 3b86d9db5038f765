import { cycleTheme, THEME_CONTROL } from './theme-controls';

/**
 * What a tap answers before its island has hydrated (docs/islands.md): what
 * the island's own handler would show, done here without React so that it
 * paints in the tap's own frame instead of after react-dom has loaded. Each
 * answer is cheap to draw (a dialog already in the HTML is shown, not built)
 * and leaves its state where the island reads it when it hydrates: a dialog's
 * open state on the dialog, the theme on <html>.
 *
 * - a button that controls a dialog, or a link to one, opens it (the menu, the privacy notice);
 * - a theme control cycles the theme, as its island's button does (./theme-controls.ts).
 *
 * Returns whether `target` (a button or a link) was answered; an answered tap is not replayed.
 */
export function answerFirstTap(target: HTMLElement): boolean {
  const dialog = dialogOpenedBy(target);
  if (dialog) {
    if (!dialog.open) dialog.showModal();
    return true;
  }
  if (target.matches(THEME_CONTROL)) {
    cycleTheme(target);
    return true;
  }
  return false;
}

function dialogOpenedBy(target: HTMLElement): HTMLDialogElement | null {
  const id =
    target instanceof HTMLAnchorElement
      ? decodeURIComponent(target.hash.slice(1))
      : target.getAttribute('aria-controls');
  const element = id ? document.getElementById(id) : null;
  return element instanceof HTMLDialogElement ? element : null;
}

import { trapTab } from '../lib/focus-trap';
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
    if (!dialog.open) openDialog(dialog);
    return true;
  }
  if (target.matches(THEME_CONTROL)) {
    cycleTheme(target);
    return true;
  }
  return false;
}

/** A dialog that covers the whole screen (the menu): nothing behind it shows while it is open. */
const FULL_SCREEN_DIALOG = 'data-full-screen';

/**
 * Where a full-screen dialog sits while it is shown but not yet modal: where
 * the top layer puts a modal one (the browser's own dialog:modal rules).
 */
const AS_IF_MODAL = 'position: fixed; inset: 0; overflow: auto';

/**
 * Opens `dialog` as a modal. showModal() makes the rest of the page inert, which
 * restyles every element of the page at once (a trace at 4× CPU: 45 ms of the
 * menu tap's 57 ms handler, 409 elements). A full-screen dialog hides the page
 * it makes inert, so it is shown in the tap's frame as it will look, and made
 * modal in a task after that frame is painted (focus kept inside, Escape, the
 * page inert): the visitor sees the same menu, sooner.
 */
function openDialog(dialog: HTMLDialogElement) {
  keepTabInside(dialog);
  if (!dialog.hasAttribute(FULL_SCREEN_DIALOG)) {
    dialog.showModal();
    return;
  }
  const style = dialog.getAttribute('style');
  dialog.setAttribute('style', AS_IF_MODAL);
  dialog.show();
  // Shown but not modal, the browser gives it no Escape: answered here until it is modal, as a
  // modal's Escape is (cancel, then close), for a visitor who presses it in the first frames.
  const escape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !dialog.open || dialog.matches(':modal')) return;
    event.preventDefault();
    if (dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close();
  };
  document.addEventListener('keydown', escape);
  requestAnimationFrame(() =>
    setTimeout(() => {
      document.removeEventListener('keydown', escape);
      if (style === null) dialog.removeAttribute('style');
      else dialog.setAttribute('style', style);
      // Closed in the meantime (Escape, above, or a link in it): nothing to upgrade.
      if (!dialog.open || dialog.matches(':modal')) return;
      const focused = document.activeElement;
      // An open dialog cannot become modal: closed and shown again in one task, no frame between.
      dialog.close();
      dialog.showModal();
      if (focused instanceof HTMLElement && dialog.contains(focused)) focused.focus();
    }),
  );
}

/**
 * Tab and Shift+Tab go round inside `dialog` until it closes, as its island's own
 * handler keeps them once hydrated: a modal dialog alone lets Tab leave it past its
 * last control, and a keyboard user can press Tab before the island's code arrives.
 */
function keepTabInside(dialog: HTMLDialogElement) {
  const onKeyDown = (event: KeyboardEvent) => trapTab(event, dialog);
  const onClose = () => {
    // The menu's own close and show again, to become modal, is not a close.
    if (dialog.open) return;
    dialog.removeEventListener('keydown', onKeyDown);
    dialog.removeEventListener('close', onClose);
  };
  dialog.addEventListener('keydown', onKeyDown);
  dialog.addEventListener('close', onClose);
}

function dialogOpenedBy(target: HTMLElement): HTMLDialogElement | null {
  const id =
    target instanceof HTMLAnchorElement
      ? decodeURIComponent(target.hash.slice(1))
      : target.getAttribute('aria-controls');
  const element = id ? document.getElementById(id) : null;
  return element instanceof HTMLDialogElement ? element : null;
}

import { useRef, type KeyboardEvent } from 'react';
import { hrefTo, navCopy, navLinks } from '../../content/navigation';
import { ThemeToggle } from '../../features/theme/theme-toggle';
import { useDialogOpen } from '../../hooks/use-dialog-open';
import { trapTab } from '../../lib/focus-trap';
import { buttonClass } from '../ui/button-styles';
import { CtaLink } from '../ui/cta-link';
import { Icon } from '../ui/icon';
import { Wordmark } from '../ui/wordmark';

const MENU_ID = 'mobile-menu';

/** Small screens: a toggle opening a full-screen modal menu (focus kept inside, Escape closes). */
export function MobileMenu() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const open = useDialogOpen(dialogRef);

  const show = () => dialogRef.current?.showModal();
  // Closing returns focus to the toggle; a chosen link then scrolls to its section.
  const close = () => dialogRef.current?.close();
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (dialogRef.current) trapTab(event, dialogRef.current);
  };

  return (
    <div className="lg:hidden print:hidden">
      <button
        type="button"
        onClick={show}
        aria-label={navCopy.openMenu}
        aria-expanded={open}
        aria-controls={MENU_ID}
        className={buttonClass('ghost', 'needs-js', 'icon')}
      >
        <Icon name="menu" className="size-6" />
      </button>
      {/* Without scripts the button cannot open the dialog: this link shows it (:target, styles.css). */}
      <a
        href={`#${MENU_ID}`}
        aria-label={navCopy.openMenu}
        className={buttonClass('ghost', 'without-js', 'icon')}
      >
        <Icon name="menu" className="size-6" />
      </a>
      <dialog
        ref={dialogRef}
        id={MENU_ID}
        aria-label={navCopy.menuTitle}
        // It covers the screen: a first tap shows it before making it modal (src/islands/first-answers.ts).
        data-full-screen=""
        // Its open attribute is the browser's (showModal, close, Escape), and a first tap can have
        // set it before hydration: React never renders it.
        suppressHydrationWarning
        onKeyDown={onKeyDown}
        className="m-0 h-dvh max-h-none w-full max-w-none bg-canvas text-ink backdrop:bg-black/60"
      >
        {/* The bar's own side padding (navbar.tsx): the close button opens where the menu button was. */}
        <div className="flex h-full flex-col px-4 pb-8 sm:px-6">
          <div className="flex h-18 items-center justify-between">
            <Wordmark />
            <button
              type="button"
              onClick={close}
              aria-label={navCopy.closeMenu}
              className={buttonClass('ghost', 'needs-js', 'icon')}
            >
              <Icon name="x" className="size-6" />
            </button>
            {/* Without scripts: leaving the menu's fragment hides it again. */}
            <a
              href={hrefTo('hero')}
              aria-label={navCopy.closeMenu}
              className={buttonClass('ghost', 'without-js', 'icon')}
            >
              <Icon name="x" className="size-6" />
            </a>
          </div>
          <ul className="mt-8 flex flex-col gap-2">
            {navLinks.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  onClick={close}
                  className="flex min-h-14 items-center rounded-xl px-4 text-2xl font-bold hover:bg-raised focus-visible:outline-2 focus-visible:outline-warm"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <div className="mt-auto flex items-center gap-3">
            <ThemeToggle className="border border-line" />
            <CtaLink href={hrefTo('contact')} onClick={close} className="flex-1">
              {navCopy.mobileCta}
            </CtaLink>
          </div>
        </div>
      </dialog>
    </div>
  );
}

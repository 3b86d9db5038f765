/**
 * The skip link: the first thing a keyboard user reaches, out of sight until it has the focus,
 * then over the page's top left corner. One look for the page's and the inbox's.
 */
export const skipLinkClass =
  'sr-only z-50 rounded-lg bg-surface font-semibold text-ink shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-warm';

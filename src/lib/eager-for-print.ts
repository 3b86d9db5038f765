/**
 * Printing or saving as PDF straight after load includes every image, though the
 * logos and case-study images load lazily on screen (docs/product.md#ruling-printing).
 * Chromium fetches lazy images for print by itself; an engine that does not is
 * told to fetch them now. Nothing to undo afterwards: once fetched, they stay.
 */
export function loadLazyImagesForPrint(): void {
  window.addEventListener(
    'beforeprint',
    () => {
      for (const image of document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]')) {
        image.loading = 'eager';
      }
    },
    { once: true },
  );
}

/**
 * The footer's copyright line shows the current year (the spec), but the page
 * is prerendered once: it carries the build's year, in the line's text and in
 * data-copyright-year. When the page is read in a later year, the year is
 * brought up to date here. Without script, the build's year stays.
 */
const COPYRIGHT_YEAR_ATTRIBUTE = 'data-copyright-year';

export function showCurrentYear(): void {
  const line = document.querySelector<HTMLElement>(`[${COPYRIGHT_YEAR_ATTRIBUTE}]`);
  const built = line?.getAttribute(COPYRIGHT_YEAR_ATTRIBUTE);
  const now = String(new Date().getFullYear());
  if (!line || !built || built === now) return;
  line.textContent = (line.textContent ?? '').replace(built, now);
  line.setAttribute(COPYRIGHT_YEAR_ATTRIBUTE, now);
}

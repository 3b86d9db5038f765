import * as icons from 'simple-icons';
import type { SimpleIcon } from 'simple-icons';
import { escapeXml } from './brand.ts';

/**
 * Partner logos sit in a greyscale marquee as <img>, where `currentColor` means black. Slate 500
 * reads on both themes (4.8:1 on white, 4.1:1 on the dark background), which keeps seven brand
 * colours from fighting the page's own warm and cool accents.
 */
const LOGO_FILL = '#64748b';

const bySlug = new Map<string, SimpleIcon>(Object.values(icons).map((icon) => [icon.slug, icon]));

/** A compact, self-contained SVG for one simple-icons slug (CC0 path data). */
export function logoSvg(slug: string): string {
  const icon = bySlug.get(slug);
  if (!icon) throw new Error(`simple-icons has no icon with slug "${slug}"`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" role="img">` +
    `<title>${escapeXml(icon.title)}</title><path fill="${LOGO_FILL}" d="${icon.path}"/></svg>\n`
  );
}

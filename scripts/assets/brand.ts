/**
 * Brand art built from assets/brand/mark.svg: the favicon, full-bleed app icons, the social
 * (Open Graph) image and a PNG-in-ICO favicon. Pure string and buffer helpers; no I/O.
 */

/** Fonts librsvg may find: Arial resolves to Liberation Sans on most Linux builders. */
const FONT = "Inter, 'Helvetica Neue', Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif";

export const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function part(svg: string, pattern: RegExp, name: string): string {
  const match = svg.match(pattern);
  if (!match) throw new Error(`assets/brand/mark.svg has no ${name}`);
  return match[0];
}

/**
 * The monogram tile for a brand. The hand-drawn italic F is used when the brand starts with F;
 * any other brand gets its initial set in a bold italic system font on the same tile.
 */
export function brandMark(source: string, brand: string): string {
  const initial = brand.trim().charAt(0).toUpperCase();
  let svg = source.replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeXml(brand)}</title>`);
  if (initial !== 'F') {
    const glyph =
      `<text x="32" y="46" text-anchor="middle" font-family="${FONT}" font-size="40" ` +
      `font-weight="800" font-style="italic" fill="#fff">${escapeXml(initial)}</text>`;
    svg = svg.replace(part(svg, /<g id="glyph"[\s\S]*?<\/g>/, 'glyph group'), glyph);
  }
  return svg.replace(/>\s+</g, '><').trim() + '\n';
}

/** The mark without rounded corners, for platforms that apply their own mask. */
export function fullBleedMark(mark: string, glyphScale: number): string {
  const defs = part(mark, /<defs>[\s\S]*?<\/defs>/, '<defs>');
  const glyph = part(mark, /<g id="glyph"[\s\S]*?<\/g>|<text[\s\S]*?<\/text>/, 'glyph');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${defs}` +
    `<rect width="64" height="64" fill="url(#mark-warm)"/>` +
    `<g transform="translate(32 32) scale(${glyphScale}) translate(-32 -32)">${glyph}</g></svg>`
  );
}

/** Splits a headline into two lines of similar length. */
function balance(text: string): [string, string] {
  const words = text.split(/\s+/);
  let best: [string, string] = [text, ''];
  for (let i = 1; i < words.length; i++) {
    const pair: [string, string] = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    const worst = (p: [string, string]) => Math.max(p[0].length, p[1].length);
    if (!best[1] || worst(pair) < worst(best)) best = pair;
  }
  return best;
}

export interface OgCopy {
  brand: string;
  headline: string;
  tagline: string;
  chips: readonly string[];
}

/** 1200x630 social card: dark, the headline's second line in the warm gradient, AI glow. */
export function ogImageSvg(mark: string, copy: OgCopy): string {
  const [line1, line2] = balance(copy.headline);
  const longest = Math.max(line1.length, line2.length);
  const size = Math.min(78, Math.floor(1040 / (longest * 0.62)));
  const brandSize = Math.min(32, Math.floor(700 / (copy.brand.length * 0.6)));
  const logo = mark.replace('<svg ', '<svg x="80" y="68" width="60" height="60" ');
  let chipX = 80;
  const chips = copy.chips.map((chip) => {
    const width = Math.round(chip.length * 12 + 58);
    const out =
      `<rect x="${chipX}" y="490" width="${width}" height="48" rx="24" fill="#fff" fill-opacity=".06" stroke="#fff" stroke-opacity=".14"/>` +
      `<path d="M${chipX + 20} 514l6 6 11-12" fill="none" stroke="#22d3ee" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>` +
      `<text x="${chipX + 46}" y="522" font-size="22" font-weight="600" fill="#e2e8f0">${escapeXml(chip)}</text>`;
    chipX += width + 14;
    return out;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b1020"/><stop offset="1" stop-color="#090d16"/></linearGradient>
  <radialGradient id="glowWarm" cx=".05" cy="1" r=".7"><stop offset="0" stop-color="#f97316" stop-opacity=".3"/><stop offset="1" stop-color="#f97316" stop-opacity="0"/></radialGradient>
  <radialGradient id="glowCool" cx="1" cy="0" r=".75"><stop offset="0" stop-color="#6366f1" stop-opacity=".42"/><stop offset=".5" stop-color="#06b6d4" stop-opacity=".1"/><stop offset="1" stop-color="#06b6d4" stop-opacity="0"/></radialGradient>
  <linearGradient id="warm" gradientUnits="userSpaceOnUse" x1="80" y1="0" x2="1000" y2="0"><stop offset="0" stop-color="#f97316"/><stop offset="1" stop-color="#e11d48"/></linearGradient>
  <linearGradient id="cool" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#06b6d4"/><stop offset="1" stop-color="#6366f1"/></linearGradient>
  <linearGradient id="rule" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#f97316"/><stop offset=".5" stop-color="#e11d48"/><stop offset=".5" stop-color="#06b6d4"/><stop offset="1" stop-color="#6366f1"/></linearGradient>
  <pattern id="dots" width="28" height="28" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="1.3" fill="#94a3b8" fill-opacity=".1"/></pattern>
</defs>
<rect width="1200" height="630" fill="url(#bg)"/>
<rect width="1200" height="630" fill="url(#dots)"/>
<rect width="1200" height="630" fill="url(#glowWarm)"/>
<rect width="1200" height="630" fill="url(#glowCool)"/>
${logo}
<g font-family="${FONT}">
  <rect x="906" y="76" width="214" height="44" rx="22" fill="#6366f1" fill-opacity=".14" stroke="url(#cool)" stroke-width="1.5"/>
  <path d="M934 85l2.8 8.2 8.2 2.8-8.2 2.8-2.8 8.2-2.8-8.2-8.2-2.8 8.2-2.8z" fill="url(#cool)"/>
  <text x="956" y="105" font-size="21" font-weight="600" fill="#e0e7ff">AI automation</text>
  <text x="158" y="109" font-size="${brandSize}" font-weight="700" fill="#f8fafc">${escapeXml(copy.brand)}</text>
  <text x="80" y="${342 - size}" font-size="${size}" font-weight="800" fill="#f8fafc">${escapeXml(line1)}</text>
  <text x="80" y="${342 + Math.round(size * 0.22)}" font-size="${size}" font-weight="800" fill="url(#warm)">${escapeXml(line2)}</text>
  <text x="80" y="434" font-size="30" fill="#94a3b8">${escapeXml(copy.tagline)}</text>
  ${chips.join('\n  ')}
</g>
<rect y="622" width="1200" height="8" fill="url(#rule)"/>
</svg>`;
}

/** A .ico holding PNG images (supported by every browser since IE Vista-era Windows). */
export function icoFromPngs(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size % 256, entry);
    header.writeUInt8(size % 256, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

/** The inbox's tray, drawn in a 20x20 box: the badge on its app icon and the notification badge. */
const TRAY =
  '<path d="M3 11h4l1.5 2.5h3L13 11h4M3 11l2.5-6.5h9L17 11v5H3z" fill="none" ' +
  'stroke="#fff" stroke-width="1.9" stroke-linejoin="round" stroke-linecap="round"/>';

/**
 * The installed inbox's icon: the mark with a dark tray badge at its lower right, so the owner
 * tells the inbox from the site on a Home Screen. Maskable (full bleed): the glyph and the badge
 * are scaled into the central 80% circle that every mask shape keeps.
 */
export function inboxIcon(mark: string, { maskable }: { maskable: boolean }): string {
  const defs = part(mark, /<defs>[\s\S]*?<\/defs>/, '<defs>');
  const glyph = part(mark, /<g id="glyph"[\s\S]*?<\/g>|<text[\s\S]*?<\/text>/, 'glyph');
  const tile = `<rect width="64" height="64"${maskable ? '' : ' rx="15"'} fill="url(#mark-warm)"/>`;
  const badge =
    `<circle cx="46" cy="46" r="11" fill="#090d16"/>` +
    `<g transform="translate(36.5 36.5) scale(.95)">${TRAY}</g>`;
  const scale = maskable ? 0.76 : 1;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${defs}${tile}` +
    `<g transform="translate(32 32) scale(${scale}) translate(-32 -32)">` +
    `<g transform="translate(-3 -3)">${glyph}</g>${badge}</g></svg>`
  );
}

/** The notification badge Android shows in the status bar: a white tray on transparency. */
export function inboxBadge(): string {
  return (
    // A 64-unit box, as the icons' rasteriser assumes (scripts/generate-assets.ts, png()).
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<g transform="translate(32 32) scale(3.4) translate(-10 -10)">${TRAY}</g></svg>`
  );
}

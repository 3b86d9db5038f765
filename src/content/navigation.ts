export interface NavLink {
  label: string;
  href: `#${string}`;
}

/**
 * The page's in-page anchors (docs/product.md#sections), each id written once:
 * sections set them and every link is derived from them with hrefTo().
 */
export const SECTION_IDS = {
  hero: 'top',
  services: 'services',
  caseStudies: 'case-studies',
  contact: 'contact',
  /** The privacy notice: any link to it opens the dialog. */
  privacy: 'privacy',
} as const;

export type SectionName = keyof typeof SECTION_IDS;

export function hrefTo(section: SectionName): `#${string}` {
  return `#${SECTION_IDS[section]}`;
}

export const navLinks: NavLink[] = [
  { label: 'Services', href: hrefTo('services') },
  { label: 'Case Studies', href: hrefTo('caseStudies') },
  { label: 'Contact', href: hrefTo('contact') },
];

export const navCopy = {
  desktopCta: 'Stop Losing Money',
  mobileCta: 'Fix My Business',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  menuTitle: 'Menu',
  skipLink: 'Skip to content',
  homeLabel: 'back to top',
  floatingCta: 'Get My Free Consultation',
} as const;

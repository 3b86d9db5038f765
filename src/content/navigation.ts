export interface NavLink {
  label: string;
  href: `#${string}`;
}

export const SECTION_IDS = {
  services: 'services',
  caseStudies: 'case-studies',
  contact: 'contact',
} as const;

export const navLinks: NavLink[] = [
  { label: 'Services', href: '#services' },
  { label: 'Case Studies', href: '#case-studies' },
  { label: 'Contact', href: '#contact' },
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

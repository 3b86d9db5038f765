import type { ComponentType } from 'react';

/**
 * The page's islands: the parts a visitor interacts with, each hydrated as its
 * own React root over its prerendered HTML (docs/islands.md). Everything else
 * stays the HTML React wrote at build time and ships no script.
 *
 * Each island's code is imported only when its island hydrates, so none of it,
 * nor react-dom, is part of the first view.
 */
export const ISLANDS = {
  nav: () => import('../components/sections/navbar').then((m) => m.Navbar),
  services: () => import('../components/sections/services').then((m) => m.Services),
  'case-studies': () => import('../components/sections/case-studies').then((m) => m.CaseStudies),
  'contact-form': () => import('../features/contact/contact-form').then((m) => m.ContactForm),
  'floating-cta': () => import('../components/sections/floating-cta').then((m) => m.FloatingCta),
  privacy: () => import('../components/sections/privacy-dialog').then((m) => m.PrivacyDialog),
} satisfies Record<string, () => Promise<ComponentType>>;

export type IslandName = keyof typeof ISLANDS;

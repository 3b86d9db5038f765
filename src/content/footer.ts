import { hrefTo } from './navigation.ts';

interface FooterLink {
  label: string;
  href: `#${string}`;
}

export interface FooterColumn {
  title: string;
  links: FooterLink[];
}

export const footerCopy = {
  tagline: 'Websites and AI automation that stop small businesses losing money.',
  description:
    'A Kent coastal team building fast websites and practical AI systems for small businesses across the UK.',
  privacyLabel: 'Privacy Policy',
  copyright: (year: number, brand: string) => `© ${year} ${brand}. All rights reserved.`,
  socialHeading: 'Follow us',
  /** UK trading disclosures, shown when the build is configured with them (src/config/env.ts). */
  company: (name: string, number: string, office: string) =>
    `${name}, a company registered under number ${number}. Registered office: ${office}.`,
  vatNumber: (vat: string) => `VAT number: ${vat}.`,
} as const;

/** docs/product.md#sections "Footer", column by column; Privacy Policy opens the in-page notice. */
export const footerColumns: FooterColumn[] = [
  {
    title: 'Services',
    links: [
      { label: 'AI Automation', href: hrefTo('services') },
      { label: 'Web Design', href: hrefTo('services') },
      { label: 'Process Automation', href: hrefTo('services') },
      { label: 'Lead Generation', href: hrefTo('services') },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'Case Studies', href: hrefTo('caseStudies') },
      { label: 'Services', href: hrefTo('services') },
      { label: 'Contact', href: hrefTo('contact') },
      { label: 'Privacy Policy', href: hrefTo('privacy') },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'Free Consultation', href: hrefTo('contact') },
      { label: 'Emergency Support', href: hrefTo('contact') },
      { label: 'Portfolio', href: hrefTo('caseStudies') },
      { label: 'Get Started', href: hrefTo('services') },
    ],
  },
];

export const socialLabels = { linkedin: 'LinkedIn', twitter: 'Twitter', github: 'GitHub' } as const;

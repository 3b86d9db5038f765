export interface FooterLink {
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

/** Spec §2 "Footer", column by column. Privacy Policy opens the in-page notice (decisions.md). */
export const footerColumns: FooterColumn[] = [
  {
    title: 'Services',
    links: [
      { label: 'AI Automation', href: '#services' },
      { label: 'Web Design', href: '#services' },
      { label: 'Process Automation', href: '#services' },
      { label: 'Lead Generation', href: '#services' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'Case Studies', href: '#case-studies' },
      { label: 'Services', href: '#services' },
      { label: 'Contact', href: '#contact' },
      { label: 'Privacy Policy', href: '#privacy' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'Free Consultation', href: '#contact' },
      { label: 'Emergency Support', href: '#contact' },
      { label: 'Portfolio', href: '#case-studies' },
      { label: 'Get Started', href: '#services' },
    ],
  },
];

export const socialLabels = { linkedin: 'LinkedIn', twitter: 'Twitter', github: 'GitHub' } as const;

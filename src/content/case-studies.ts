import { hrefTo } from './navigation.ts';

export interface CaseStudy {
  title: string;
  description: string;
  backDescription: string;
  /** Base name of the responsive images in /images/case-studies/ (see scripts/generate-assets.ts). */
  image: string;
  alt: string;
}

export const caseStudiesCopy = {
  heading: 'While Others Struggle, Our Clients Thrive',
  intro:
    'Real businesses that were drowning in manual work and losing leads to slow websites, and what changed once the leaks were fixed.',
  viewLabel: 'View Case Study',
  backLabel: 'Go Back',
  closingCta: { label: 'Stop Losing to Competitors', href: hrefTo('contact') },
} as const;

/** Widths the asset script renders; the card is at most ~400 px wide at 2x density. */
export const CASE_STUDY_IMAGE_WIDTHS = [400, 800] as const;
export const CASE_STUDY_IMAGE_RATIO = { width: 800, height: 450 } as const;

function study(entry: Omit<CaseStudy, 'alt'>): CaseStudy {
  return { ...entry, alt: `${entry.title}: case study illustration` };
}

export const caseStudies: CaseStudy[] = [
  study({
    title: 'WhatsApp AI Lead Bot',
    description:
      'An AI assistant that answers WhatsApp enquiries in seconds, qualifies the lead and books the call. In development.',
    backDescription:
      'Built for service businesses that miss enquiries after hours. It replies instantly, asks the questions a good salesperson would and drops qualified leads into the calendar. Now in pilot ahead of launch.',
    image: 'whatsapp-bot',
  }),
  study({
    title: 'Organic Baby Skincare Brand',
    description:
      'A brand identity and online store for an organic baby skincare range, built to earn a parent’s trust on the first visit.',
    backDescription:
      'We shaped the brand, photographed the range and launched a fast Shopify store with clear ingredients, gentle copy and a checkout that works one-handed on a phone.',
    image: 'baby-skincare',
  }),
  study({
    title: 'Electrician Website Rebuild',
    description:
      'A slow, dated site rebuilt for a local electrician, with AI follow-up so no quote request goes cold.',
    backDescription:
      'The new site loads in under a second and ranks for local searches. Every enquiry gets an instant reply and an automatic follow-up, so quotes turn into booked jobs without the evening admin.',
    image: 'electrician',
  }),
];

export interface PartnerLogo {
  name: string;
  /** Self-hosted SVG written by scripts/generate-assets.ts from simple-icons. */
  logoUrl: string;
  alt: string;
}

export const partnersCopy = {
  heading: 'Trusted by Industry Leaders',
  subtext: 'Built with industry-leading platforms that power successful businesses',
} as const;

/** simple-icons slugs; the asset script turns each into /logos/<slug>.svg. */
export const PARTNER_SLUGS = [
  ['wordpress', 'WordPress'],
  ['shopify', 'Shopify'],
  ['stripe', 'Stripe'],
  ['google', 'Google'],
  ['zapier', 'Zapier'],
  ['whatsapp', 'WhatsApp'],
  ['hubspot', 'HubSpot'],
] as const;

export const partners: PartnerLogo[] = PARTNER_SLUGS.map(([slug, name]) => ({
  name,
  logoUrl: `/logos/${slug}.svg`,
  alt: `${name} logo`,
}));

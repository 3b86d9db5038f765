export const seo = {
  title: (brand: string) => `${brand} | Websites & AI Automation for Small Businesses in Kent`,
  /** Any other page's title: what it is first, as it is announced on arrival. */
  pageTitle: (page: string, brand: string) => `${page} | ${brand}`,
  description:
    'Fast websites and AI automation for UK small businesses. Free consultation, no setup fees, same-day response across Kent. Stop losing customers to slow sites and manual work.',
  shortName: (brand: string) => brand.split(' ')[0] ?? brand,
  socialImage: {
    path: '/og-image.jpg',
    width: 1200,
    height: 630,
    alt: 'Your Competitors Are Moving Faster Than You',
  },
  themeColor: { light: '#fbfaf7', dark: '#090d16' },
  locale: 'en_GB',
  areaServed: 'Kent',
  locality: 'Dover',
  region: 'Kent',
} as const;

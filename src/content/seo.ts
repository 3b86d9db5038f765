export const seo = {
  title: (brand: string) => `${brand} | Websites & AI Automation for Small Businesses in Kent`,
  description:
    'Fast websites and AI automation for UK small businesses. Free consultation, no setup fees, same-day response across Kent. Stop losing customers to slow sites and manual work.',
  themeColor: { light: '#fbfaf7', dark: '#090d16' },
} as const;

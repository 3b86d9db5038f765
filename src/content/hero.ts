import { hrefTo } from './navigation.ts';

export const hero = {
  headline: 'Your Competitors Are Moving Faster Than You',
  paragraph:
    'While you are busy running your business, they are automating, ranking higher and winning the customers who should have been yours. We build fast websites and AI systems that plug the leaks and start earning from the day they go live.',
  primaryCta: { label: 'Stop Losing Customers Today', href: hrefTo('contact') },
  secondaryCta: { label: 'See How We Fix This', href: hrefTo('services') },
  card: {
    badge: 'Revenue leak',
    title: 'While You Sleep, Your Competitors Are Winning',
    claim:
      'Slow pages, missed calls and hours of manual admin are quietly costing you thousands of pounds every month.',
    cta: { label: 'Stop Losing Money – Get My AI System', href: hrefTo('contact') },
    promises: ['Free Consultation', 'No Setup Fees'],
  },
  /** docs/product.md#constants: six decorative dots, placed at random when the page is prerendered. */
  dotCount: 6,
} as const;

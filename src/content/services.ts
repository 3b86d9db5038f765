import type { IconName } from '../components/ui/icon';
import { hrefTo } from './navigation.ts';

export interface ServiceOffering {
  kind: 'website' | 'ai';
  icon: IconName;
  title: string;
  /** AI offerings only. */
  subtitle?: string;
  priceText: string;
  description: string;
  features: string[];
  /** Two colour stops for the card's accent edge and icon tile. */
  gradient: [string, string];
  /** The soft glow behind the card on hover. */
  glowColor: string;
  /** Only the middle website card. */
  popular?: boolean;
  ctaText: string;
}

const warm = { gradient: ['#f97316', '#e11d48'], glowColor: 'rgb(249 115 22 / 0.28)' } as const;
const cool = { gradient: ['#06b6d4', '#6366f1'], glowColor: 'rgb(56 189 248 / 0.28)' } as const;

export const servicesCopy = {
  heading: 'Stop Bleeding Money & Time',
  intro:
    'Two problems cost small businesses the most: a website that turns customers away, and hours lost to work a machine could do. We fix both.',
  websiteHeading: 'Stop Losing Customers to Broken Websites',
  aiHeading: 'Stop Wasting Hours on Repetitive Tasks',
  popularBadge: 'MOST POPULAR',
  closingCta: { label: 'Stop the Revenue Leak Now', href: hrefTo('contact') },
} as const;

export const services: ServiceOffering[] = [
  {
    kind: 'website',
    icon: 'siren',
    title: 'Emergency Website Fix',
    priceText: '£0 upfront £98/month',
    description:
      'Your current site is sending customers to competitors. We replace it fast with a clean, mobile-optimised site that loads in a blink.',
    features: [
      '3 professionally written pages',
      'Mobile-optimised and fast',
      'Contact form that reaches you',
      'Hosting, SSL and updates included',
    ],
    gradient: [...warm.gradient],
    glowColor: warm.glowColor,
    ctaText: 'Fix My Website Now',
  },
  {
    kind: 'website',
    icon: 'trending-up',
    title: 'Revenue Recovery System',
    priceText: 'Contact our team',
    description:
      'A site built to win back the enquiries you are losing: found on local searches, quick to trust and easy to book from.',
    features: [
      '7 pages plus a blog',
      'Local SEO for Kent searches',
      'Lead capture and online booking',
      'Analytics you can actually read',
    ],
    gradient: [...warm.gradient],
    glowColor: warm.glowColor,
    popular: true,
    ctaText: 'Recover My Revenue',
  },
  {
    kind: 'website',
    icon: 'crown',
    title: 'Market Domination Platform',
    priceText: 'Contact our team',
    description:
      'For businesses ready to lead their market: a flagship site with motion, a CRM behind it and security you never think about.',
    features: [
      'Custom animations and interactions',
      'CRM integration',
      'Advanced security and daily backups',
      'Priority support',
    ],
    gradient: [...warm.gradient],
    glowColor: warm.glowColor,
    ctaText: 'Dominate My Market',
  },
  {
    kind: 'ai',
    icon: 'cpu',
    title: 'Custom AI Software Build',
    subtitle: 'Fully tailored automation systems',
    priceText: 'Contact our team',
    description:
      'Software shaped around how your business really runs, answering, booking, quoting and following up while you get on with the work.',
    features: [
      'Mapped to your exact workflow',
      'Connects the tools you already use',
      'AI that answers, books and follows up',
      'Training and ongoing support',
    ],
    gradient: [...cool.gradient],
    glowColor: cool.glowColor,
    ctaText: 'Build My AI System',
  },
  {
    kind: 'ai',
    icon: 'zap',
    title: 'Plug & Play AI Tools',
    subtitle: 'Pre-built systems ready to deploy',
    priceText: 'Contact our team',
    description:
      'Proven automations switched on in days: never miss a call, never forget a follow-up, never chase a review again.',
    features: [
      'AI receptionist and website chat',
      'Automatic review requests',
      'Lead follow-up sequences',
      'Live within days',
    ],
    gradient: [...cool.gradient],
    glowColor: cool.glowColor,
    ctaText: 'Get My AI Tools',
  },
];

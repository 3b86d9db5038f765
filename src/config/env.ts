/**
 * Build-time configuration. vite.config.ts calls parseSiteEnv() once with the
 * build's environment and injects the result as __SITE_CONFIG__; a bad value
 * stops the build with a message naming the variable.
 */

// With its extension: vite.config.ts loads this file, and Vite's config loader wants one.
import { isEmailAddress } from '../lib/email-address.ts';

export interface SiteConfig {
  brandName: string;
  siteUrl: string;
  contactEmail: string;
  contactPhone: string;
  social: { linkedin?: string; twitter?: string; github?: string };
  /** Base URL of hosted Supabase; empty means "post to this site's own server". */
  supabaseUrl: string;
  supabaseAnonKey: string;
}

/** Every variable the build reads, with its default and meaning (mirrored in .env.example). */
export const SITE_ENV = {
  VITE_BRAND_NAME: {
    fallback: 'Foreland Digital',
    about: 'Brand wordmark shown in the nav, footer and title',
  },
  VITE_SITE_URL: {
    fallback: 'http://localhost:8080',
    about: 'Public URL, for canonical and social tags',
  },
  VITE_CONTACT_EMAIL: { fallback: 'hello@example.com', about: 'Public contact email' },
  VITE_CONTACT_PHONE: { fallback: '01632 960123', about: 'Public phone number (UK format)' },
  VITE_SOCIAL_LINKEDIN: { fallback: '', about: 'LinkedIn URL; the link is hidden when empty' },
  VITE_SOCIAL_TWITTER: { fallback: '', about: 'Twitter/X URL; the link is hidden when empty' },
  VITE_SOCIAL_GITHUB: { fallback: '', about: 'GitHub URL; the link is hidden when empty' },
  VITE_SUPABASE_URL: {
    fallback: '',
    about: 'Hosted Supabase project URL; empty posts to this server',
  },
  VITE_SUPABASE_ANON_KEY: { fallback: '', about: 'Hosted Supabase anonymous (public) key' },
} as const;

type EnvName = keyof typeof SITE_ENV;

export class ConfigError extends Error {}

function httpUrl(name: EnvName, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(`${name} must use http or https, got "${value}"`);
  }
  return url.href.replace(/\/$/, '');
}

export function parseSiteEnv(env: Record<string, string | undefined>): SiteConfig {
  const read = (name: EnvName) => (env[name] ?? '').trim() || SITE_ENV[name].fallback;
  const optionalUrl = (name: EnvName) => (read(name) ? httpUrl(name, read(name)) : undefined);

  const contactEmail = read('VITE_CONTACT_EMAIL');
  if (!isEmailAddress(contactEmail)) {
    throw new ConfigError(`VITE_CONTACT_EMAIL is not an email address: "${contactEmail}"`);
  }
  const contactPhone = read('VITE_CONTACT_PHONE');
  if (!/^\+?[\d\s()-]{6,20}$/.test(contactPhone)) {
    throw new ConfigError(`VITE_CONTACT_PHONE is not a phone number: "${contactPhone}"`);
  }

  const supabaseUrl = optionalUrl('VITE_SUPABASE_URL') ?? '';
  const supabaseAnonKey = read('VITE_SUPABASE_ANON_KEY');
  if (supabaseUrl && !supabaseAnonKey) {
    throw new ConfigError('VITE_SUPABASE_URL is set but VITE_SUPABASE_ANON_KEY is empty');
  }

  return {
    brandName: read('VITE_BRAND_NAME'),
    siteUrl: httpUrl('VITE_SITE_URL', read('VITE_SITE_URL')),
    contactEmail,
    contactPhone,
    social: {
      linkedin: optionalUrl('VITE_SOCIAL_LINKEDIN'),
      twitter: optionalUrl('VITE_SOCIAL_TWITTER'),
      github: optionalUrl('VITE_SOCIAL_GITHUB'),
    },
    supabaseUrl,
    supabaseAnonKey,
  };
}

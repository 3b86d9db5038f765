/**
 * Build-time configuration. vite.config.ts calls parseSiteEnv() once with the
 * build's environment and injects the result as __SITE_CONFIG__; a bad value
 * stops the build with a message naming the variable.
 */

import { isEmailAddress } from '../features/contact/validation';

export interface SiteConfig {
  brandName: string;
  siteUrl: string;
  contactEmail: string;
  contactPhone: string;
  social: { linkedin?: string; twitter?: string; github?: string };
  /**
   * Where the page posts (VITE_API_URL, or VITE_SUPABASE_URL): hosted Supabase
   * or our API on another origin; empty means "post to this site's own server".
   */
  apiUrl: string;
  /** Sent as apikey and bearer token when set: hosted Supabase requires it, our API ignores it. */
  supabaseAnonKey: string;
  /**
   * Where the form posts when no script runs (a native POST): this site's own
   * /contact, the API's /contact on another origin, or '' when no server of
   * ours runs (hosted Supabase only), and the form then says so instead.
   */
  formAction: string;
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
  VITE_API_URL: {
    fallback: '',
    about: "Where the page posts: our API's URL on another origin; empty posts to this server",
  },
  VITE_SUPABASE_URL: {
    fallback: '',
    about: 'Hosted Supabase project URL (the same as VITE_API_URL, with a key); empty posts here',
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

  const supabaseUrl = optionalUrl('VITE_SUPABASE_URL');
  const ownApiUrl = optionalUrl('VITE_API_URL');
  // Two names for one place: both set and different would leave the reader guessing.
  if (supabaseUrl && ownApiUrl && supabaseUrl !== ownApiUrl) {
    throw new ConfigError('VITE_API_URL and VITE_SUPABASE_URL name different places: set one');
  }
  const supabaseAnonKey = read('VITE_SUPABASE_ANON_KEY');
  if (supabaseUrl && !supabaseAnonKey) {
    throw new ConfigError('VITE_SUPABASE_URL is set but VITE_SUPABASE_ANON_KEY is empty');
  }

  return {
    formAction: formActionFor(supabaseUrl, ownApiUrl),
    brandName: read('VITE_BRAND_NAME'),
    siteUrl: httpUrl('VITE_SITE_URL', read('VITE_SITE_URL')),
    contactEmail,
    contactPhone,
    social: {
      linkedin: optionalUrl('VITE_SOCIAL_LINKEDIN'),
      twitter: optionalUrl('VITE_SOCIAL_TWITTER'),
      github: optionalUrl('VITE_SOCIAL_GITHUB'),
    },
    apiUrl: supabaseUrl ?? ownApiUrl ?? '',
    supabaseAnonKey,
  };
}

/** This project's server takes a native form POST at this path (server/plugins/native-form.ts). */
export const NATIVE_FORM_PATH = '/contact';

/**
 * Where the form posts when no script runs: this project's server takes a
 * native POST at NATIVE_FORM_PATH, on this origin or, with VITE_API_URL, on the
 * API's. Hosted Supabase (PostgREST) takes no form POST, so there is none.
 */
function formActionFor(supabaseUrl: string | undefined, ownApiUrl: string | undefined): string {
  if (ownApiUrl) return `${ownApiUrl.replace(/\/+$/, '')}${NATIVE_FORM_PATH}`;
  return supabaseUrl ? '' : NATIVE_FORM_PATH;
}

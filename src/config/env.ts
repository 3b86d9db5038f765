/**
 * Build-time configuration. vite.config.ts calls parseSiteEnv() once with the
 * build's environment and injects the result as __SITE_CONFIG__; a bad value
 * stops the build with a message naming the variable.
 */

// With its extension: vite.config.ts loads this file, and Vite's config loader wants one.
import { isEmailAddress } from '../../contact/email-address.ts';
import { DEFAULT_RETENTION_MONTHS, parseRetentionMonths } from '../../contact/retention.ts';
import { NATIVE_FORM_PATH } from '../../contact/paths.ts';

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
  /** UK trading disclosures of a limited company; absent when not configured. */
  company?: CompanyDetails;
  /** Months a submission is kept; the privacy notice says it and the purge enforces it (./retention.ts). */
  retentionMonths: number;
}

/** What a UK limited company's website must show (VAT number only where registered). */
interface CompanyDetails {
  name: string;
  number: string;
  registeredOffice: string;
  vatNumber?: string;
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
  VITE_COMPANY_NAME: { fallback: '', about: 'Registered company name, e.g. Foreland Digital Ltd' },
  VITE_COMPANY_NUMBER: { fallback: '', about: 'Companies House number, e.g. 01234567 or SC123456' },
  VITE_REGISTERED_OFFICE: { fallback: '', about: 'Registered office address, on one line' },
  VITE_VAT_NUMBER: { fallback: '', about: 'VAT registration number, e.g. GB123456789' },
  VITE_RETENTION_MONTHS: {
    fallback: String(DEFAULT_RETENTION_MONTHS),
    about: 'Months a submission is kept: the privacy notice says it, the purge enforces it',
  },
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

/** Companies House: eight characters, two letters (e.g. SC, NI) or digits, then six digits. */
const COMPANY_NUMBER = /^(?:[A-Z]{2}|\d{2})\d{6}$/;
/** HMRC: GB then 9 digits (12 for a branch); written with or without spaces. */
const VAT_NUMBER = /^GB(?:\d{9}|\d{12})$/;

/** The three company details go together (a company must show all three), or none. */
function parseCompany(read: (name: EnvName) => string): CompanyDetails | undefined {
  const name = read('VITE_COMPANY_NAME');
  const number = read('VITE_COMPANY_NUMBER').toUpperCase();
  const registeredOffice = read('VITE_REGISTERED_OFFICE');
  const vatNumber = read('VITE_VAT_NUMBER').toUpperCase().replace(/\s/g, '');
  if (vatNumber && !VAT_NUMBER.test(vatNumber)) {
    throw new ConfigError(`VITE_VAT_NUMBER is not a UK VAT number: "${vatNumber}"`);
  }
  if (!name && !number && !registeredOffice) {
    if (vatNumber) throw new ConfigError('VITE_VAT_NUMBER is set without VITE_COMPANY_NAME');
    return undefined;
  }
  if (!name || !number || !registeredOffice) {
    throw new ConfigError(
      'VITE_COMPANY_NAME, VITE_COMPANY_NUMBER and VITE_REGISTERED_OFFICE go together: set all three or none',
    );
  }
  if (!COMPANY_NUMBER.test(number)) {
    throw new ConfigError(`VITE_COMPANY_NUMBER is not a Companies House number: "${number}"`);
  }
  return { name, number, registeredOffice, ...(vatNumber ? { vatNumber } : {}) };
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

  const retention = parseRetentionMonths(read('VITE_RETENTION_MONTHS'));
  if ('problem' in retention) throw new ConfigError(retention.problem);

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
    company: parseCompany(read),
    retentionMonths: retention.months,
  };
}

/**
 * Where the form posts when no script runs: this project's server takes a
 * native POST at NATIVE_FORM_PATH, on this origin or, with VITE_API_URL, on the
 * API's. Hosted Supabase (PostgREST) takes no form POST, so there is none.
 */
function formActionFor(supabaseUrl: string | undefined, ownApiUrl: string | undefined): string {
  if (ownApiUrl) return `${ownApiUrl.replace(/\/+$/, '')}${NATIVE_FORM_PATH}`;
  return supabaseUrl ? '' : NATIVE_FORM_PATH;
}

/**
 * Defaults that make a build run on a laptop and are wrong on the public site:
 * canonical links to localhost, and contact details nobody answers. A
 * production build and the server's start-up log name each one still in use
 * (scripts/build-guard.ts, server/build-placeholders.ts).
 */
export function placeholdersInUse(config: SiteConfig): string[] {
  const defaults = parseSiteEnv({});
  const unchanged = [
    ['VITE_SITE_URL', config.siteUrl === defaults.siteUrl],
    ['VITE_CONTACT_EMAIL', config.contactEmail === defaults.contactEmail],
    ['VITE_CONTACT_PHONE', config.contactPhone === defaults.contactPhone],
  ] as const;
  return unchanged
    .filter(([, same]) => same)
    .map(([name]) => `${name} is still the placeholder "${SITE_ENV[name].fallback}"`);
}

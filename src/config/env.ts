/**
 * Build-time configuration. vite.config.ts calls parseBuildSettings() once with
 * the build's environment and injects siteConfigOf() its result as
 * __SITE_CONFIG__; a bad value stops the build with a ConfigError naming every
 * bad variable. The settings the server reads too (the site URL, where the page
 * posts, retention, working hours) are the shared schema's (settings/shared.ts);
 * the rest are the build's own, below.
 */

// With extensions: vite.config.ts loads this file, and Vite's config loader wants them.
import { z } from 'zod';
import { isEmailAddress } from '../../shared/email-address.ts';
import { NATIVE_FORM_PATH } from '../../shared/paths.ts';
import { readWorkingHours, type WorkingHours } from '../../shared/working-hours.ts';
import { parseSettings } from '../../settings/parse.ts';
import { httpUrl } from '../../settings/rules.ts';
import { checkShared, DEFAULT_BRAND_NAME, sharedSettings } from '../../settings/shared.ts';
import { checkCompany, companyFields, companyOf, type CompanyDetails } from './company.ts';

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
  /** Months a submission is kept; the privacy notice says it and the purge enforces it (shared/retention.ts). */
  retentionMonths: number;
}

/**
 * The build's defaults: they make a build run on a laptop, and the three that
 * are wrong on the public site are named by placeholdersInUse(), below.
 */
export const BUILD_DEFAULTS = {
  VITE_BRAND_NAME: DEFAULT_BRAND_NAME,
  VITE_SITE_URL: 'http://localhost:8080',
  VITE_CONTACT_EMAIL: 'hello@example.com',
  VITE_CONTACT_PHONE: '01632 960123',
} as const;

const shared = sharedSettings.shape;
const socialUrl = httpUrl.optional();

/** Every variable the build reads (.env.example and docs/configuration.md document each). */
export const buildFields = sharedSettings.extend({
  // The page's canonical link needs one: where the server has none, lead emails carry no link.
  VITE_SITE_URL: shared.VITE_SITE_URL.unwrap().default(BUILD_DEFAULTS.VITE_SITE_URL),
  VITE_CONTACT_EMAIL: z
    .string()
    .refine(isEmailAddress, {
      error: (issue) => `is not an email address: "${String(issue.input)}"`,
    })
    .describe('email address')
    .default(BUILD_DEFAULTS.VITE_CONTACT_EMAIL),
  VITE_CONTACT_PHONE: z
    .string()
    .regex(/^\+?[\d\s()-]{6,20}$/, {
      error: (issue) => `is not a phone number: "${String(issue.input)}"`,
    })
    .describe('phone number: 6 to 20 digits, spaces, brackets or dashes, + first')
    .default(BUILD_DEFAULTS.VITE_CONTACT_PHONE),
  VITE_SOCIAL_LINKEDIN: socialUrl,
  VITE_SOCIAL_TWITTER: socialUrl,
  VITE_SOCIAL_GITHUB: socialUrl,
  ...companyFields,
});

type BuildFields = z.output<typeof buildFields>;

/** The build's settings: the fields, and the rules between them. */
const buildSettings = buildFields.superRefine(
  (value, ctx) => {
    checkShared(value, ctx);
    const complain = (name: keyof BuildFields, message: string) =>
      ctx.addIssue({ code: 'custom', message, path: [name] });
    const { VITE_API_URL: apiUrl, VITE_SUPABASE_URL: supabaseUrl } = value;
    // Two names for one place: both set and different would leave the reader guessing.
    if (supabaseUrl && apiUrl && supabaseUrl !== apiUrl) {
      complain('VITE_API_URL', 'VITE_API_URL and VITE_SUPABASE_URL name different places: set one');
    }
    if (supabaseUrl && !value.VITE_SUPABASE_ANON_KEY) {
      complain(
        'VITE_SUPABASE_ANON_KEY',
        'VITE_SUPABASE_URL is set but VITE_SUPABASE_ANON_KEY is empty',
      );
    }
    checkCompany(value, complain);
  },
  // Also when a field is wrong: the error names every bad variable at once.
  { when: () => true },
);

export type BuildSettings = z.output<typeof buildSettings>;

/** The build's environment, parsed; throws a ConfigError naming each bad variable. */
export function parseBuildSettings(env: Record<string, string | undefined>): BuildSettings {
  return parseSettings(buildSettings, env, 'Invalid build configuration');
}

/** What the page is given as __SITE_CONFIG__ (its keys' order is the page's bytes). */
export function siteConfigOf(settings: BuildSettings): SiteConfig {
  const supabaseUrl = settings.VITE_SUPABASE_URL;
  const ownApiUrl = settings.VITE_API_URL;
  return {
    formAction: formActionFor(supabaseUrl, ownApiUrl),
    brandName: settings.VITE_BRAND_NAME,
    siteUrl: settings.VITE_SITE_URL,
    contactEmail: settings.VITE_CONTACT_EMAIL,
    contactPhone: settings.VITE_CONTACT_PHONE,
    social: {
      linkedin: settings.VITE_SOCIAL_LINKEDIN,
      twitter: settings.VITE_SOCIAL_TWITTER,
      github: settings.VITE_SOCIAL_GITHUB,
    },
    apiUrl: supabaseUrl ?? ownApiUrl ?? '',
    supabaseAnonKey: settings.VITE_SUPABASE_ANON_KEY,
    company: companyOf(settings),
    retentionMonths: settings.VITE_RETENTION_MONTHS,
  };
}

export function parseSiteEnv(env: Record<string, string | undefined>): SiteConfig {
  return siteConfigOf(parseBuildSettings(env));
}

/** BUSINESS_HOURS in BUSINESS_TIMEZONE, which the schema has already checked. */
export function workingHoursOf(settings: BuildSettings): WorkingHours {
  const hours = readWorkingHours(settings);
  if (!('value' in hours)) throw new Error(hours.problem);
  return hours.value;
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
  const unchanged = [
    ['VITE_SITE_URL', config.siteUrl === BUILD_DEFAULTS.VITE_SITE_URL],
    ['VITE_CONTACT_EMAIL', config.contactEmail === BUILD_DEFAULTS.VITE_CONTACT_EMAIL],
    ['VITE_CONTACT_PHONE', config.contactPhone === BUILD_DEFAULTS.VITE_CONTACT_PHONE],
  ] as const;
  return unchanged
    .filter(([, same]) => same)
    .map(([name]) => `${name} is still the placeholder "${BUILD_DEFAULTS[name]}"`);
}

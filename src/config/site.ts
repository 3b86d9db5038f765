import type { SiteConfig } from './env';

declare const __SITE_CONFIG__: SiteConfig;

/** Parsed once at build time by vite.config.ts (see ./env.ts). */
export const siteConfig: SiteConfig = __SITE_CONFIG__;

/** The digits of the phone number in international form, for tel: links. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('0') ? `+44${digits.slice(1)}` : digits}`;
}

import type { SiteConfig } from './env';

declare const __SITE_CONFIG__: SiteConfig;

/** Parsed once at build time by vite.config.ts (see ./env.ts). */
export const siteConfig: SiteConfig = __SITE_CONFIG__;

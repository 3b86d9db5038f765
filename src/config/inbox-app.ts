import { INBOX_PATH } from '../../shared/paths';

/**
 * The installed inbox (docs/alerts.md). The service worker and the manifest live in
 * /inbox/, so the worker's scope is the inbox's without a Service-Worker-Allowed header, and the
 * public page is never under it.
 */
export const INBOX_SCOPE = INBOX_PATH;
export const INBOX_SW_PATH = '/inbox/sw.js';
export const INBOX_MANIFEST_PATH = '/inbox/manifest.webmanifest';
/** The generated icons (scripts/generate-assets.ts), in the order the manifest lists them. */
export const INBOX_ICONS = {
  any192: '/inbox/icon-192.png',
  any512: '/inbox/icon-512.png',
  maskable512: '/inbox/icon-maskable-512.png',
  apple: '/inbox/apple-touch-icon.png',
  badge: '/inbox/badge-96.png',
} as const;
/** The message the service worker sends an open inbox to open a lead from a notification. */
export const OPEN_LEAD_MESSAGE = 'inbox-open-lead';

import { INBOX_ICONS, INBOX_SCOPE } from '../../config/inbox-app';
import { alertsCopy } from '../alerts/alerts-copy';
import { seo } from '../../content/seo';

/**
 * /inbox/manifest.webmanifest: the inbox installs as an app of its own,
 * opening at /inbox/ and keeping to it (the public page is no part of it).
 * Written at build time by scripts/build-inbox-sw.mjs. The dark colours are
 * `color_scheme_dark` (w3c/manifest PR 1207); browsers that ignore it follow
 * the inbox's theme-color meta tags, which carry both.
 */
export function appManifest(brand: string): string {
  const { light, dark } = seo.themeColor;
  return JSON.stringify(
    {
      id: INBOX_SCOPE,
      name: alertsCopy.app.name(brand),
      short_name: alertsCopy.app.shortName,
      description: alertsCopy.app.description,
      lang: 'en-GB',
      start_url: INBOX_SCOPE,
      scope: INBOX_SCOPE,
      display: 'standalone',
      background_color: light,
      theme_color: light,
      color_scheme_dark: { background_color: dark, theme_color: dark },
      icons: [
        { src: INBOX_ICONS.any192, sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: INBOX_ICONS.any512, sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: INBOX_ICONS.maskable512, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    null,
    2,
  );
}

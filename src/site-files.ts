import { siteConfig } from './config/site';
import { seo } from './content/seo';

/** Files beside index.html that depend on configuration: written by the build. */
export function renderSiteFiles(): Record<string, string> {
  const url = `${siteConfig.siteUrl}/`;
  return {
    'robots.txt': `User-agent: *\nAllow: /\n\nSitemap: ${siteConfig.siteUrl}/sitemap.xml\n`,
    'sitemap.xml': [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      `  <url><loc>${url}</loc><changefreq>monthly</changefreq><priority>1.0</priority></url>`,
      '</urlset>',
      '',
    ].join('\n'),
    'site.webmanifest': JSON.stringify(
      {
        name: siteConfig.brandName,
        short_name: seo.shortName(siteConfig.brandName),
        description: seo.description,
        start_url: '/',
        scope: '/',
        display: 'browser',
        background_color: seo.themeColor.dark,
        theme_color: seo.themeColor.dark,
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      null,
      2,
    ),
  };
}

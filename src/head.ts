import { siteConfig } from './config/site';
import { seo } from './content/seo';
import { structuredData } from './structured-data';
import { escapeHtml as escape } from '../shared/escape-html';

/** The <head> tags the prerenderer writes, from the content and configuration modules. */
export function renderHead(): string {
  const title = escape(seo.title(siteConfig.brandName));
  const description = escape(seo.description);
  const url = `${siteConfig.siteUrl}/`;
  const image = `${siteConfig.siteUrl}${seo.socialImage.path}`;
  const meta = (key: 'name' | 'property', name: string, content: string | number) =>
    `<meta ${key}="${name}" content="${escape(String(content))}" />`;
  // JSON in a data block: escape "<" so no text can close the script element.
  const jsonLd = JSON.stringify(structuredData()).replace(/</g, '\\u003c');

  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${escape(url)}" />`,
    meta('name', 'theme-color', seo.themeColor.light).replace(
      ' />',
      ' media="(prefers-color-scheme: light)" />',
    ),
    meta('name', 'theme-color', seo.themeColor.dark).replace(
      ' />',
      ' media="(prefers-color-scheme: dark)" />',
    ),
    `<link rel="icon" href="/favicon.ico" sizes="32x32" />`,
    `<link rel="icon" href="/favicon.svg" type="image/svg+xml" />`,
    `<link rel="apple-touch-icon" href="/apple-touch-icon.png" />`,
    `<link rel="manifest" href="/site.webmanifest" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:locale', seo.locale),
    meta('property', 'og:site_name', siteConfig.brandName),
    meta('property', 'og:title', seo.title(siteConfig.brandName)),
    meta('property', 'og:description', seo.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:width', seo.socialImage.width),
    meta('property', 'og:image:height', seo.socialImage.height),
    meta('property', 'og:image:alt', seo.socialImage.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', seo.title(siteConfig.brandName)),
    meta('name', 'twitter:description', seo.description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', seo.socialImage.alt),
    `<script type="application/ld+json">${jsonLd}</script>`,
  ].join('\n    ');
}

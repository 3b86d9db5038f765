import { siteConfig } from './config/site';
import { seo } from './content/seo';

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The <head> tags the prerenderer writes, from the content and configuration modules. */
export function renderHead(): string {
  const title = seo.title(siteConfig.brandName);
  return [
    `<title>${escape(title)}</title>`,
    `<meta name="description" content="${escape(seo.description)}" />`,
    `<link rel="canonical" href="${escape(siteConfig.siteUrl)}/" />`,
    `<meta name="theme-color" media="(prefers-color-scheme: light)" content="${seo.themeColor.light}" />`,
    `<meta name="theme-color" media="(prefers-color-scheme: dark)" content="${seo.themeColor.dark}" />`,
    `<link rel="icon" href="/favicon.svg" type="image/svg+xml" />`,
  ].join('\n    ');
}

import { StrictMode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { INBOX_ICONS, INBOX_MANIFEST_PATH } from '../config/inbox-app';
import { siteConfig } from '../config/site';
import { alertsCopy } from './alerts/alerts-copy';
import { inboxCopy } from '../content/inbox';
import { seo } from '../content/seo';
import { InboxApp } from './components/inbox-app';
import { appManifest } from './install/app-manifest';

/** Called once at build time by scripts/build-inbox.mjs to write dist/inbox/index.html. */
export function render(): string {
  return renderToString(
    <StrictMode>
      <InboxApp />
    </StrictMode>,
  );
}

/** The installed app's manifest (dist/inbox/manifest.webmanifest). */
export const renderManifest = () => appManifest(siteConfig.brandName);

/**
 * The inbox's <head>: its title, kept out of search engines, the site's icons
 * and colours, and what installs it as an app (the page's head has none of it).
 */
export function renderHead(): string {
  return renderToStaticMarkup(
    <>
      <title>{inboxCopy.title(siteConfig.brandName)}</title>
      <meta name="robots" content="noindex" />
      <meta
        name="theme-color"
        media="(prefers-color-scheme: light)"
        content={seo.themeColor.light}
      />
      <meta name="theme-color" media="(prefers-color-scheme: dark)" content={seo.themeColor.dark} />
      <link rel="icon" href="/favicon.ico" sizes="32x32" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <link rel="manifest" href={INBOX_MANIFEST_PATH} />
      <link rel="apple-touch-icon" href={INBOX_ICONS.apple} />
      <meta name="apple-mobile-web-app-title" content={alertsCopy.app.shortName} />
    </>,
  );
}

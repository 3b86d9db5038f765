import { StrictMode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { siteConfig } from '../config/site';
import { inboxCopy } from '../content/inbox';
import { seo } from '../content/seo';
import { InboxApp } from './components/inbox-app';

/** Called once at build time by scripts/build-inbox.mjs to write dist/inbox/index.html. */
export function render(): string {
  return renderToString(
    <StrictMode>
      <InboxApp />
    </StrictMode>,
  );
}

/** The inbox's <head>: its title, kept out of search engines, the site's icons and colours. */
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
    </>,
  );
}

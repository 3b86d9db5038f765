import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from './app';

/** Called once at build time by scripts/build.mjs to write dist/index.html. */
export function render(): string {
  return renderToString(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

export { renderHead } from './head';
export { renderSiteFiles } from './site-files';
export { renderReplyPages } from './features/contact/render-reply-pages';
export { REPLY_FILES } from '../contact/reply-tokens';

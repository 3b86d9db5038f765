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
export { renderNativeFormPages } from './features/contact/render-native-form-pages';

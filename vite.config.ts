import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { inlineBootScripts } from './scripts/inline-boot-scripts.ts';
import { ConfigError, parseSiteEnv } from './src/config/env.ts';

/**
 * V8's explicit compile hint on the entry chunk, which hydrates the whole page:
 * compile all its functions eagerly, on the background thread that already
 * parses the streamed script, instead of one at a time on the main thread in
 * the middle of hydration. It must open the file, so it is added last, after
 * minification (which strips comments) and after Vite's own preamble.
 */
function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    enforce: 'post',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunk.isEntry) {
            chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
          }
        }
      },
    },
  };
}

export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, process.cwd(), 'VITE_'), ...process.env };
  let config;
  try {
    config = parseSiteEnv(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      throw new Error(`Configuration error: ${error.message} (see .env.example)`);
    }
    throw error;
  }
  return {
    plugins: [react(), tailwindcss(), compileHints(), inlineBootScripts()],
    define: { __SITE_CONFIG__: JSON.stringify(config) },
    // The manifest tells bench/bundle and the budget test which chunks load on first view.
    build: { target: 'es2022', cssCodeSplit: false, manifest: true },
  };
});

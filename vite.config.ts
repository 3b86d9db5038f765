import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { inlineBootScripts } from './scripts/inline-boot-scripts.ts';
import { ConfigError, parseSiteEnv } from './src/config/env.ts';

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
    plugins: [react(), tailwindcss(), inlineBootScripts()],
    define: { __SITE_CONFIG__: JSON.stringify(config) },
    // The manifest tells bench/bundle and the budget test which chunks load on first view.
    build: {
      target: 'es2022',
      cssCodeSplit: false,
      manifest: true,
      // No <link rel="modulepreload"> for an island's chunks: the islands share small modules
      // with the loader (the theme and outbox rules), which the loader's own chunk holds, and
      // Firefox refused to preload the already-running loader. Each chunk's imports load
      // with it instead (docs/islands.md).
      modulePreload: false,
    },
  };
});

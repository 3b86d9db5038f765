import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { inlineBootScripts } from './scripts/inline-boot-scripts.ts';
import { responseClockFor } from './scripts/response-clock.ts';
import { ConfigError } from './settings/config-error.ts';
import { parseBuildSettings, siteConfigOf, workingHoursOf } from './src/config/env.ts';

export default defineConfig(({ mode }) => {
  // BUSINESS_*: the working hours the server's clocks follow, which the page's thanks states.
  const env = { ...loadEnv(mode, process.cwd(), ['VITE_', 'BUSINESS_']), ...process.env };
  let settings;
  try {
    settings = parseBuildSettings(env);
  } catch (error) {
    // Its message alone: a stack through Vite's config loader says nothing more.
    if (error instanceof ConfigError) throw new Error(error.message);
    throw error;
  }
  const config = siteConfigOf(settings);
  const replyClock = responseClockFor(workingHoursOf(settings), new Date());
  return {
    plugins: [react(), tailwindcss(), inlineBootScripts()],
    define: {
      __SITE_CONFIG__: JSON.stringify(config),
      // Only the thanks toast's chunk reads it (src/features/contact/response-sentence.ts).
      __RESPONSE_CLOCK__: JSON.stringify(replyClock),
    },
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
      // Rolldown's hint that plugins took most of a build fires on any busy machine, so on the
      // owner's first `npm start` it printed a profiling tip among the start-up lines.
      rolldownOptions: { checks: { bundlerTimings: false } },
    },
  };
});

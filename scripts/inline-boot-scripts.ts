import { build, type Plugin } from 'vite';

/** index.html marks where the before-paint script goes; it must run before the first paint. */
const BEFORE_PAINT_MARK = '<!--before-paint-->';
const BEFORE_PAINT = 'src/boot/before-paint.ts';
const LOAD_ENTRY = 'src/boot/load-entry.ts';
/** The inbox marks where its early lead reads go, in <head>: before its bundle is even fetched. */
const INBOX_EARLY_MARK = '<!--inbox-early-reads-->';
const INBOX_EARLY = 'src/boot/inbox-early-reads.ts';
/** The public page, whose bundle waits for the first paint; the inbox's does not. */
const PAGE_HTML = '/index.html';

/**
 * The inline scripts are linted, type-checked modules in src/boot/; this plugin
 * bundles each into a small self-contained script and writes it into the HTML.
 * They are inline because none may wait for a request: one runs before the first
 * paint, one decides when the page's bundle is requested, and one starts the reads
 * of a lead the inbox is opened at. scripts/build.mjs hashes every inline script
 * for the Content-Security-Policy.
 *
 * - Always (dev and build): src/boot/before-paint.ts replaces the mark in <head>;
 *   in the inbox, src/boot/inbox-early-reads.ts replaces its own.
 * - Build only, the public page only: src/boot/load-entry.ts replaces the entry's
 *   <script type="module"> at the end of <body>, given the entry's URL in data-entry.
 *   The inbox keeps Vite's module script, requested as the HTML is parsed: it is
 *   all script, and a member opening a lead from an alert waits on it, not on a paint.
 */
export function inlineBootScripts(): Plugin {
  const bundled = new Map<string, Promise<string>>();
  let base = '/';
  let define: Record<string, unknown> = {};
  const inline = (entry: string) => {
    if (!bundled.has(entry)) bundled.set(entry, bundleForInline(entry, define));
    return bundled.get(entry)!;
  };
  return {
    name: 'inline-boot-scripts',
    configResolved(config) {
      base = config.base;
      // The site's settings (__SITE_CONFIG__), which the inbox's early reads need.
      define = config.define ?? {};
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, { chunk, path }) {
        if (!html.includes(BEFORE_PAINT_MARK))
          throw new Error(`index.html lacks ${BEFORE_PAINT_MARK}`);
        let page = html.replace(
          BEFORE_PAINT_MARK,
          `<script>${await inline(BEFORE_PAINT)}</script>`,
        );
        if (page.includes(INBOX_EARLY_MARK)) {
          page = page.replace(INBOX_EARLY_MARK, `<script>${await inline(INBOX_EARLY)}</script>`);
        }
        // The dev server loads the entry as a module, as written; so does the inbox.
        if (!chunk || path !== PAGE_HTML) return page;
        const src = `${base}${chunk.fileName}`;
        const entryTag = new RegExp(`<script type="module" crossorigin src="${src}"></script>\\s*`);
        if (!entryTag.test(page))
          throw new Error(`Build: no module script for ${src} in index.html`);
        page = page
          .replace(entryTag, '')
          .replace(
            '</body>',
            `  <script data-entry="${src}">${await inline(LOAD_ENTRY)}</script>\n  </body>`,
          );
        return page;
      },
    },
  };
}

/** One module and what it imports, as a single minified script with no exports. */
async function bundleForInline(entry: string, define: Record<string, unknown>): Promise<string> {
  const result = await build({
    configFile: false,
    define,
    logLevel: 'warn',
    publicDir: false,
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      lib: { entry, formats: ['iife'], name: 'boot' },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const chunks = outputs.flatMap((output) =>
    'output' in output ? output.output.filter((file) => file.type === 'chunk') : [],
  );
  if (chunks.length !== 1) throw new Error(`${entry} must bundle into exactly one script`);
  return chunks[0]!.code.trim();
}

import { build, type Plugin } from 'vite';

/** index.html marks where the before-paint script goes; it must run before the first paint. */
const BEFORE_PAINT_MARK = '<!--before-paint-->';
const BEFORE_PAINT = 'src/boot/before-paint.ts';
const LOAD_ENTRY = 'src/boot/load-entry.ts';

/**
 * The page's two inline scripts are linted, type-checked modules in src/boot/;
 * this plugin bundles each into a small self-contained script and writes it
 * into the HTML. They are inline because neither may wait for a request: one
 * runs before the first paint, the other decides when the bundle is requested.
 * scripts/build.mjs hashes every inline script for the Content-Security-Policy.
 *
 * - Always (dev and build): src/boot/before-paint.ts replaces the mark in <head>.
 * - Build only: src/boot/load-entry.ts replaces the entry's <script type="module">
 *   at the end of <body>, given the entry's URL in data-entry.
 */
export function inlineBootScripts(): Plugin {
  const bundled = new Map<string, Promise<string>>();
  const inline = (entry: string) => {
    if (!bundled.has(entry)) bundled.set(entry, bundleForInline(entry));
    return bundled.get(entry)!;
  };
  let base = '/';
  return {
    name: 'inline-boot-scripts',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, { chunk }) {
        if (!html.includes(BEFORE_PAINT_MARK))
          throw new Error(`index.html lacks ${BEFORE_PAINT_MARK}`);
        let page = html.replace(
          BEFORE_PAINT_MARK,
          `<script>${await inline(BEFORE_PAINT)}</script>`,
        );
        if (!chunk) return page; // the dev server loads the entry as a module, as written
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
async function bundleForInline(entry: string): Promise<string> {
  const result = await build({
    configFile: false,
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

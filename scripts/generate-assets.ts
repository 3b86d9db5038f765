/**
 * Writes the site's generated images into public/ (git-ignored there; Vite copies public/ into
 * dist) so that no image is requested from a third-party host:
 *
 *   /logos/<slug>.svg                          partner logos from simple-icons (CC0)
 *   /images/case-studies/<name>-<w>.{avif,webp} from the hand-drawn SVGs in assets/case-studies/
 *   /og-image.png, /og-image.jpg               1200x630 social card with the configured brand
 *   /favicon.svg, /favicon.ico, /apple-touch-icon.png, /icon-192.png, /icon-512.png,
 *   /icon-maskable-512.png                     from assets/brand/mark.svg
 *   /inbox/icon-{192,512,maskable-512}.png,
 *   /inbox/apple-touch-icon.png, /inbox/badge-96.png  the installed inbox's icons (docs/alerts.md)
 *
 * Run by the build as `node --import tsx scripts/generate-assets.ts` (add --force to rebuild).
 * Idempotent: when a hash of every input (sources, this code, the brand name, sharp and
 * simple-icons versions) matches the last run and every output exists, nothing is rewritten.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { loadEnv } from 'vite';
import { BUILD_DEFAULTS } from '../src/config/env.ts';
import {
  CASE_STUDY_IMAGE_RATIO,
  CASE_STUDY_IMAGE_WIDTHS,
  caseStudies,
} from '../src/content/case-studies.ts';
import { hero } from '../src/content/hero.ts';
import { PARTNER_SLUGS } from '../src/content/partners.ts';
import { seo } from '../src/content/seo.ts';
import {
  brandMark,
  fullBleedMark,
  icoFromPngs,
  inboxBadge,
  inboxIcon,
  ogImageSvg,
} from './assets/brand.ts';
import { logoSvg } from './assets/logos.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'public');
const stampFile = path.join(root, 'node_modules/.cache/generate-assets/stamp.json');
/** Folders the generator owns outright; emptied before a rebuild so renamed assets leave no orphans. */
const OWNED_DIRS = ['logos', 'images/case-studies'];

type Job = { file: string; make: () => Promise<Buffer | string> };

const source = (file: string) => readFile(path.join(root, file));

/** The brand as the Vite build resolves it: .env files, then the environment, then the default. */
export function brandName(): string {
  const env = { ...loadEnv('production', root, 'VITE_'), ...process.env };
  return (env.VITE_BRAND_NAME ?? '').trim() || BUILD_DEFAULTS.VITE_BRAND_NAME;
}

const png = (svg: string | Buffer, size: number) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, adaptiveFiltering: true })
    .toBuffer();

function jobs(brand: string, markSource: string): Job[] {
  const mark = brandMark(markSource, brand);
  const list: Job[] = PARTNER_SLUGS.map(([slug]) => ({
    file: `logos/${slug}.svg`,
    make: async () => logoSvg(slug),
  }));

  const { width: baseW, height: baseH } = CASE_STUDY_IMAGE_RATIO;
  for (const { image } of caseStudies) {
    for (const w of CASE_STUDY_IMAGE_WIDTHS) {
      const render = async () =>
        sharp(await source(`assets/case-studies/${image}.svg`), { density: (72 * w) / baseW })
          .resize(w, Math.round((w * baseH) / baseW))
          .flatten({ background: '#0b1220' });
      const base = `images/case-studies/${image}-${w}`;
      list.push(
        {
          file: `${base}.avif`,
          make: async () => (await render()).avif({ quality: 50, effort: 2 }).toBuffer(),
        },
        {
          file: `${base}.webp`,
          make: async () => (await render()).webp({ quality: 70 }).toBuffer(),
        },
      );
    }
  }

  const og = ogImageSvg(mark, {
    brand,
    headline: hero.headline,
    tagline: seo.description.split('. ')[0] + '.',
    chips: hero.card.promises,
  });
  const ogImage = () => sharp(Buffer.from(og));
  list.push(
    { file: 'og-image.png', make: () => ogImage().png({ compressionLevel: 9 }).toBuffer() },
    { file: 'og-image.jpg', make: () => ogImage().jpeg({ quality: 86, mozjpeg: true }).toBuffer() },
    { file: 'favicon.svg', make: async () => mark },
    { file: 'icon-192.png', make: () => png(mark, 192) },
    { file: 'icon-512.png', make: () => png(mark, 512) },
    // iOS masks and fills transparency with black, so the tile goes edge to edge.
    { file: 'apple-touch-icon.png', make: () => png(fullBleedMark(mark, 0.92), 180) },
    // Maskable: the glyph stays inside the central 80% safe circle at any mask shape.
    { file: 'icon-maskable-512.png', make: () => png(fullBleedMark(mark, 0.8), 512) },
    {
      file: 'favicon.ico',
      make: async () =>
        icoFromPngs(
          await Promise.all(
            [16, 32, 48].map(async (size) => ({ size, png: await png(mark, size) })),
          ),
        ),
    },
    // The installed inbox (/inbox/manifest.webmanifest): its own icons, told apart by a tray.
    { file: 'inbox/icon-192.png', make: () => png(inboxIcon(mark, { maskable: false }), 192) },
    { file: 'inbox/icon-512.png', make: () => png(inboxIcon(mark, { maskable: false }), 512) },
    {
      file: 'inbox/icon-maskable-512.png',
      make: () => png(inboxIcon(mark, { maskable: true }), 512),
    },
    {
      file: 'inbox/apple-touch-icon.png',
      make: () => png(inboxIcon(mark, { maskable: true }), 180),
    },
    { file: 'inbox/badge-96.png', make: () => png(inboxBadge(), 96) },
  );
  return list;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(root, dir), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

async function inputsHash(brand: string): Promise<string> {
  const files = [
    ...(await filesUnder('assets')),
    ...(await filesUnder('scripts/assets')),
    'scripts/generate-assets.ts',
    'src/content/case-studies.ts',
    'src/content/hero.ts',
    'src/content/partners.ts',
    'src/content/seo.ts',
  ];
  const hash = createHash('sha256').update(
    JSON.stringify([brand, sharp.versions.sharp, sharp.versions.rsvg, await iconsVersion()]),
  );
  for (const file of files) hash.update(file).update(await source(file));
  return hash.digest('hex');
}

async function iconsVersion(): Promise<string> {
  const pkg = await readFile(path.join(root, 'node_modules/simple-icons/package.json'), 'utf8');
  return (JSON.parse(pkg) as { version: string }).version;
}

export async function generateAssets({ force = false } = {}) {
  const started = performance.now();
  const brand = brandName();
  const list = jobs(brand, (await source('assets/brand/mark.svg')).toString());
  const hash = await inputsHash(brand);
  const previous = await readFile(stampFile, 'utf8')
    .then((text) => JSON.parse(text) as { hash?: string })
    .catch(() => null);
  const fresh =
    !force &&
    previous?.hash === hash &&
    list.every((job) => existsSync(path.join(publicDir, job.file)));

  let bytes = 0;
  if (fresh) {
    for (const job of list) bytes += (await stat(path.join(publicDir, job.file))).size;
  } else {
    for (const dir of OWNED_DIRS)
      await rm(path.join(publicDir, dir), { recursive: true, force: true });
    await Promise.all(
      list.map(async (job) => {
        const data = await job.make();
        const target = path.join(publicDir, job.file);
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, data);
        bytes += Buffer.byteLength(data);
      }),
    );
    await mkdir(path.dirname(stampFile), { recursive: true });
    await writeFile(stampFile, JSON.stringify({ hash, files: list.map((job) => job.file) }));
  }

  const ms = Math.round(performance.now() - started);
  const verb = fresh ? 'up to date' : 'wrote';
  console.log(
    `generate-assets: ${verb} ${list.length} files, ${(bytes / 1024).toFixed(1)} KB in public/ (${ms} ms)`,
  );
  return list.map((job) => `/${job.file}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await generateAssets({ force: process.argv.includes('--force') });
}

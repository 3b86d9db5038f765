import { existsSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { pathHeadersFor } from '../headers/site-headers.ts';

export interface StaticSiteOptions {
  /** The prerendered site (`npm run build` writes dist/). */
  distDir: string;
}

/**
 * The site itself, as the build left it: index.html and its assets, sent in
 * the brotli or gzip copy the build made when the browser accepts one.
 */
export const staticSite: FastifyPluginAsync<StaticSiteOptions> = async (app, { distDir }) => {
  const root = resolve(distDir);
  if (!existsSync(resolve(root, 'index.html'))) {
    app.log.warn(`${root}/index.html not found: run \`npm run build\`. Serving the API only.`);
    return;
  }
  await app.register(fastifyStatic, {
    root,
    // An array: with preCompressed, @fastify/static 9 finds the index only in one.
    index: ['index.html'],
    preCompressed: true,
    // Nothing the site links to starts with a dot; such files are tooling's (.vite/, .env).
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders: (res, path) => {
      // The rule is by URL path, as dist/_headers states it for static hosts.
      // A precompressed copy (sw.js.br) answers for its file's URL (sw.js).
      const urlPath = `/${relative(root, path).split(sep).join('/')}`.replace(/\.(br|gz)$/, '');
      for (const [name, value] of pathHeadersFor(urlPath)) res.setHeader(name, value);
      // The same URL answers brotli, gzip or identity bytes by Accept-Encoding: a
      // shared cache must key on it, or it hands brotli to a client that cannot read it.
      res.setHeader('vary', 'accept-encoding');
    },
  });
};

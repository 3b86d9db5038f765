import { INBOX_SCOPE } from '../../config/inbox-app';
import { AUTH_PREFIX, REST_PREFIX } from '../../../shared/paths';

/**
 * The inbox's shell in Cache Storage, so the installed app opens offline:
 * its HTML (prerendered signed out: no lead in it), its hashed scripts and
 * stylesheet, its manifest and icons. Nothing else is ever stored: not a
 * lead, a token or a search. The API (/rest/v1, /auth/v1, on this origin or
 * another) is never even seen by the worker's fetch handler's cache paths.
 */

/** Paths the build wrote into the worker (scripts/build-inbox-sw.mjs), hashed names included. */
declare const __INBOX_SHELL__: string[];
/** A digest of that list: a deploy with new files is a new cache, and the old one goes. */
declare const __INBOX_SHELL_VERSION__: string;

const SHELL_PATHS: readonly string[] = __INBOX_SHELL__;
const SHELL_CACHE = `inbox-shell-${__INBOX_SHELL_VERSION__}`;
const SHELL_PREFIX = 'inbox-shell-';
const API_PATHS = [REST_PREFIX, AUTH_PREFIX];

const shellSet = new Set(SHELL_PATHS);

/** Fetches the whole shell past the HTTP cache (the HTML is no-store) into this version's cache. */
export async function storeShell(): Promise<void> {
  const cache = await caches.open(SHELL_CACHE);
  await cache.addAll(SHELL_PATHS.map((path) => new Request(path, { cache: 'reload' })));
}

/** Removes every other version's shell (and only shells: the names are ours). */
export async function dropOldShells(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(SHELL_PREFIX) && name !== SHELL_CACHE)
      .map((name) => caches.delete(name)),
  );
}

/**
 * How a request is answered: `null` leaves it to the network untouched (the
 * API, other origins, anything not in the shell); a navigation in the inbox
 * goes to the network first and falls back to the stored HTML offline; a
 * shell file (hashed, so it never changes under its name) comes from the cache.
 */
export function routeFor(request: Request, origin: string): (() => Promise<Response>) | null {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== origin) return null;
  if (API_PATHS.some((path) => url.pathname === path || url.pathname.startsWith(`${path}/`))) {
    return null;
  }
  if (request.mode === 'navigate' && url.pathname.startsWith(INBOX_SCOPE)) {
    return () => navigation(request);
  }
  if (shellSet.has(url.pathname)) return () => fromShell(request);
  return null;
}

async function navigation(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(INBOX_SCOPE, { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw error;
  }
}

async function fromShell(request: Request): Promise<Response> {
  const stored = await caches.match(request, { cacheName: SHELL_CACHE });
  return stored ?? fetch(request);
}

import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import helmet from '@fastify/helmet';
import { appWide } from './app-wide.ts';

export interface SecurityHeadersOptions {
  /** The build's output: its csp-hashes.json names the inline scripts the page may run. */
  distDir: string;
  /** Origins the page may post to besides this one: hosted Supabase when VITE_SUPABASE_URL is set. */
  connectSrc?: string[];
  /** Behind a TLS-terminating proxy: only then is HSTS meaningful (and safe to send). */
  hsts?: boolean;
}

/**
 * Features the site never uses, switched off for it and anything it embeds.
 * Only names browsers recognise: an unknown one (interest-cohort) makes Chrome
 * log an error on every page load.
 */
const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
].join(', ');

/** Two years, the preload list's minimum being one. */
const HSTS_MAX_AGE_SECONDS = 63_072_000;

/**
 * Security headers on every response (site and API), via @fastify/helmet.
 * Scripts are held to this origin plus the hashes of the page's own inline
 * scripts; styles allow 'unsafe-inline' because the prerendered HTML carries
 * React's style attributes and sonner injects a <style> element.
 */
export const securityHeaders = appWide<SecurityHeadersOptions>(async (app, options) => {
  const scriptHashes = readScriptHashes(options.distDir);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...(options.connectSrc ?? [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.hsts
      ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true }
      : false,
    // frame-ancestors 'none' says it for current browsers; this says it for old ones.
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', async (_, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
});

/** The hashes scripts/build.mjs wrote; none (so no inline script runs) before a build. */
function readScriptHashes(distDir: string): string[] {
  const file = resolve(distDir, 'csp-hashes.json');
  if (!existsSync(file)) return [];
  const { scriptSrc } = JSON.parse(readFileSync(file, 'utf8')) as { scriptSrc?: unknown };
  if (!Array.isArray(scriptSrc) || !scriptSrc.every((hash) => /^'sha(256|384|512)-/.test(hash))) {
    throw new Error(`${file} must hold { "scriptSrc": ["'sha256-…'", …] }`);
  }
  return scriptSrc as string[];
}

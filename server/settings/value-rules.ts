/**
 * The rules behind the settings' values (server/settings/schema.ts), each
 * returning why a value is unusable, or nothing. A message never echoes a
 * value that may hold a password or a token: DATABASE_URL, SMTP_URL,
 * WEBHOOK_URL (a catch-hook URL is a secret too) and WEBHOOK_SECRET.
 */
import { isIP } from 'node:net';

/** Standard Webhooks: a secret of 24 to 64 bytes, base64 after `whsec_`. */
const SECRET = /^whsec_([A-Za-z0-9+/]+={0,2})$/;
const MIN_SECRET_BYTES = 24;
const MAX_SECRET_BYTES = 64;

export function databaseUrlProblem(value: string): string | undefined {
  if (!URL.canParse(value))
    return 'is not a URL (expected postgres://user:password@host:5432/database)';
  const { protocol } = new URL(value);
  if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
    return `must start with postgres:// or postgresql://, not ${protocol}//`;
  }
  return undefined;
}

export function smtpUrlProblem(value: string): string | undefined {
  if (!URL.canParse(value)) {
    return 'is not a URL (expected smtp://user:password@host:587 or smtps://…@host:465)';
  }
  const url = new URL(value);
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    return `must start with smtp:// or smtps://, not ${url.protocol}//`;
  }
  return url.hostname ? undefined : 'names no host';
}

export function webhookUrlProblem(value: string, production: boolean): string | undefined {
  if (!URL.canParse(value)) return 'is not a URL (expected https://hooks.example.com/…)';
  const url = new URL(value);
  if (url.protocol === 'https:') return undefined;
  if (url.protocol !== 'http:') return `must start with https://, not ${url.protocol}//`;
  // Leads are personal data: in plain text only to this machine, and never in production.
  if (production) return 'must be https:// in production (NODE_ENV=production)';
  if (!isLoopback(url.hostname)) return 'must be https://, or http:// to a loopback address';
  return undefined;
}

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return isIP(host) === 6 && host === '::1';
}

export function webhookSecretProblem(value: string): string | undefined {
  const match = SECRET.exec(value);
  const bytes = match ? Buffer.from(match[1]!, 'base64').length : 0;
  if (match && bytes >= MIN_SECRET_BYTES && bytes <= MAX_SECRET_BYTES) return undefined;
  return (
    `must be "whsec_" and ${MIN_SECRET_BYTES} to ${MAX_SECRET_BYTES} bytes in base64 ` +
    "(make one: node -e \"console.log('whsec_'+crypto.randomBytes(32).toString('base64'))\")"
  );
}

/**
 * CORS_ORIGINS' entries: exact origins (scheme://host[:port]), as a browser
 * sends them in its Origin header. No wildcard: a page anywhere could then post
 * as the site, and every origin named here is trusted to.
 */
export function corsOriginProblem(entry: string): string | undefined {
  const url = URL.canParse(entry) ? new URL(entry) : undefined;
  if (entry.includes('*')) {
    return `CORS_ORIGINS lists exact origins; a wildcard is not allowed, got "${entry}"`;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    return `CORS_ORIGINS: "${entry}" is not an http(s) origin like https://example.co.uk`;
  }
  // A browser's Origin header never has a path, a trailing slash or capitals: it would never match.
  if (url.origin !== entry)
    return `CORS_ORIGINS: "${entry}" is not an exact origin; write "${url.origin}"`;
  return undefined;
}

/**
 * TRUST_PROXY: which hops in front of this server may say who the visitor is
 * (X-Forwarded-For), in the forms Fastify's `trustProxy` accepts.
 *
 * A proxy such as nginx with `$proxy_add_x_forwarded_for` appends the address
 * it saw to whatever the visitor sent, so the header's left end is the
 * visitor's to write. `true` believes that left end, which lets one header
 * pick a fresh rate-limit bucket; a hop count or the proxy's own addresses
 * believe only what the proxy appended.
 */
import { isIP } from 'node:net';

/** Fastify's trustProxy, minus the function form (an environment variable cannot hold one). */
export type TrustProxy = boolean | number | string[];

/** Names proxy-addr (Fastify's resolver) expands to address ranges. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** More proxies than any real chain has; a bigger number is a typo. */
const MAX_HOPS = 10;

const EXPECTED =
  'true, false, a hop count (1 for one proxy in front) or a comma-separated list of ' +
  'proxy addresses/CIDRs (e.g. 127.0.0.1 or 10.0.0.0/8, 127.0.0.1)';

/** Parses TRUST_PROXY; a problem is pushed (never throws), like the rest of server/config.ts. */
export function parseTrustProxy(raw: string | undefined, problems: string[]): TrustProxy {
  const text = raw?.trim() ?? '';
  const lower = text.toLowerCase();
  if (lower === '' || lower === 'false' || lower === '0') return false;
  if (lower === 'true') return true;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_HOPS)
      problems.push(`TRUST_PROXY hop count must be 1 to ${MAX_HOPS}, got ${hops}`);
    return hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length > 0) {
    const named = bad.map((entry) => `"${entry}"`).join(', ');
    problems.push(`TRUST_PROXY must be ${EXPECTED}; not an address or CIDR: ${named}`);
  }
  return entries;
}

/** Whether any hop is trusted: only then is the request known to have come through TLS. */
export function trustsAProxy(trust: TrustProxy | undefined): boolean {
  if (Array.isArray(trust)) return trust.length > 0;
  return Boolean(trust);
}

/**
 * What Fastify is given. Fastify 5.12 treats a bare number as "trust nothing"
 * (it cannot tell a proxy from a visitor by counting), so a hop count becomes
 * the classic rule explicitly: the nearest `hops` addresses are proxies. That
 * holds only while visitors cannot reach this port directly, which is why the
 * docs/deploying.md recommends the proxy's address instead.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = /^\d+$/.test(prefix) ? Number(prefix) : Number.NaN;
  return bits >= 0 && bits <= (family === 4 ? 32 : 128);
}

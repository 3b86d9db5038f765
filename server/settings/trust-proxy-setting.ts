/**
 * TRUST_PROXY's forms (server/trust-proxy.ts says what each one trusts):
 * true, false, a hop count, or a comma-separated list of proxy addresses/CIDRs.
 */
import { isIP } from 'node:net';
import type { TrustProxy } from '../trust-proxy.ts';

/** Names proxy-addr (Fastify's resolver) expands to address ranges. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** More proxies than any real chain has; a bigger number is a typo. */
const MAX_HOPS = 10;

const EXPECTED =
  'true, false, a hop count (1 for one proxy in front) or a comma-separated list of ' +
  'proxy addresses/CIDRs (e.g. 127.0.0.1 or 10.0.0.0/8, 127.0.0.1)';

export function parseTrustProxy(text: string): { value: TrustProxy } | { problem: string } {
  const lower = text.toLowerCase();
  if (lower === '' || lower === 'false' || lower === '0') return { value: false };
  if (lower === 'true') return { value: true };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_HOPS) return { problem: `hop count must be 1 to ${MAX_HOPS}, got ${hops}` };
    return { value: hops };
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length === 0) return { value: entries };
  const named = bad.map((entry) => `"${entry}"`).join(', ');
  return { problem: `must be ${EXPECTED}; not an address or CIDR: ${named}` };
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

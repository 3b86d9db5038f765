import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/*
 * The sender's guard (docs/alerts.md, "What holds"): a push goes only to an
 * address on the public Internet, unless the host is one WEB_PUSH_HOSTS
 * lists. The database already refuses any host but the push services; this
 * is for a name that resolves inward (a poisoned resolver, a rebinding name)
 * and for an address written into the URL, which Node connects to without
 * any look-up.
 */

/** IPv4 networks no push service is on: IANA's special-purpose registry, less what is global. */
const INWARD_V4: readonly (readonly [string, number, string])[] = [
  ['0.0.0.0', 8, 'this network'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local, where cloud metadata services answer'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relays, deprecated'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved, and 255.255.255.255 broadcast'],
];

/**
 * IPv6 networks no push service is on. An IPv4-mapped address (::ffff:0:0/96)
 * is judged as its IPv4 address (BlockList does so), and so is one through
 * the NAT64 prefix 64:ff9b::/96: on an IPv6-only network with DNS64 every
 * push service resolves there, so only the inward IPv4 networks are refused
 * in it (added below).
 */
const INWARD_V6: readonly (readonly [string, number, string])[] = [
  ['::', 96, 'unspecified, loopback, IPv4-compatible'],
  ['64:ff9b:1::', 48, 'local-use NAT64'],
  ['100::', 64, 'discard-only'],
  ['2001::', 32, 'Teredo'],
  ['2001:2::', 48, 'benchmarking'],
  ['2001:db8::', 32, 'documentation'],
  ['2002::', 16, '6to4, which embeds any IPv4 address'],
  ['3fff::', 20, 'documentation'],
  ['fc00::', 7, 'unique local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local, deprecated'],
  ['ff00::', 8, 'multicast'],
];

/** The NAT64 well-known prefix's length: the IPv4 address is its last 32 bits. */
const NAT64_PREFIX = 96;

const INWARD = new BlockList();
for (const [network, prefix] of INWARD_V4) {
  INWARD.addSubnet(network, prefix, 'ipv4');
  INWARD.addSubnet(`64:ff9b::${network}`, NAT64_PREFIX + prefix, 'ipv6');
}
for (const [network, prefix] of INWARD_V6) INWARD.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address is one the guard refuses (one of the networks above). */
export function isInward(address: string): boolean {
  const plain = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  return INWARD.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4');
}

/** What the refusal's error is called, so the sender can tell it from a failed connection. */
export const INWARD_ERROR = 'EPUSHINWARD';

/** WEB_PUSH_HOSTS without ports, as URLs write hosts ("[::1]", lower case); "*." kept. */
export function listedHosts(hosts: readonly string[]): ReadonlySet<string> {
  return new Set(
    hosts.map((entry) => {
      const host = entry.trim().toLowerCase().replace(/:\d+$/, '');
      try {
        return host.startsWith('*.') ? host : new URL(`https://${host}`).hostname;
      } catch {
        return host;
      }
    }),
  );
}

function isListed(host: string, listed: ReadonlySet<string>): boolean {
  if (listed.has(host)) return true;
  for (const entry of listed) {
    if (entry.startsWith('*.') && host.endsWith(entry.slice(1))) return true;
  }
  return false;
}

/**
 * Why a push to this endpoint is refused before any connection: its host is
 * an inward IP address WEB_PUSH_HOSTS does not list (Node connects to an
 * address in the URL without a look-up, so the look-up's guard never sees
 * it), or it is no URL at all. Undefined when it may go.
 */
export function endpointRefusal(endpoint: string, listed: ReadonlySet<string>): string | undefined {
  let host: string;
  try {
    host = new URL(endpoint).hostname;
  } catch {
    return 'the endpoint is not a URL';
  }
  if (!isIP(host.replace(/^\[|\]$/g, '')) || isListed(host, listed) || !isInward(host))
    return undefined;
  return `${host} is a private or reserved address, which WEB_PUSH_HOSTS does not list`;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** node:dns's lookup, or a test's stand-in for it. */
export type Lookup = (
  hostname: string,
  options: { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/** The connection's look-up: a name's inward addresses dropped, unless the name is listed. */
export function guardedLookup(listed: ReadonlySet<string>, lookup: Lookup = dnsLookup) {
  return (hostname: string, options: object, callback: LookupCallback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const allowed = isListed(hostname.toLowerCase(), listed);
      const usable = allowed ? addresses : addresses.filter((a) => !isInward(a.address));
      if (usable.length === 0) {
        const refused: NodeJS.ErrnoException = new Error(
          `${hostname} resolves only to private or reserved addresses, which WEB_PUSH_HOSTS does not list`,
        );
        refused.code = INWARD_ERROR;
        return callback(refused, []);
      }
      if ((options as { all?: boolean }).all) return callback(null, usable);
      return callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

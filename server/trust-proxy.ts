/**
 * TRUST_PROXY: which hops in front of this server may say who the visitor is
 * (X-Forwarded-For), in the forms Fastify's `trustProxy` accepts.
 *
 * A proxy such as nginx with `$proxy_add_x_forwarded_for` appends the address
 * it saw to whatever the visitor sent, so the header's left end is the
 * visitor's to write. `true` believes that left end, which lets one header
 * pick a fresh rate-limit bucket; a hop count or the proxy's own addresses
 * believe only what the proxy appended. TRUST_PROXY's forms are read in
 * server/settings/trust-proxy-setting.ts.
 */
/** Fastify's trustProxy, minus the function form (an environment variable cannot hold one). */
export type TrustProxy = boolean | number | string[];

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

import type { Database } from '../../db/database.ts';

/**
 * The push services a subscription may name (issue 40; RFC 8030 leaves the
 * endpoint to the browser's vendor): Chrome and Edge on Android, Firefox,
 * Safari and iOS, Edge on Windows. Anything else is refused by the database
 * (app_private.push_endpoint_allowed) and again before each push.
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.notify.windows.com',
] as const;

/** host[:port], lower case, ":443" dropped; a leading "*." for a wildcard; or a problem. */
export function pushHostProblem(entry: string): string | undefined {
  const host = normalPushHost(entry);
  return /^(\*\.)?([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/.test(host) &&
    Number(/:(\d+)$/.exec(host)?.[1] ?? 443) <= 65_535
    ? undefined
    : `lists push hosts as host or host:port separated by commas, got "${entry}"`;
}

export function normalPushHost(entry: string): string {
  return entry.trim().toLowerCase().replace(/:443$/, '');
}

/**
 * WEB_PUSH_HOSTS, when a server or worker is given it: the database's extra
 * hosts become exactly these. A process started without it leaves them be,
 * so a worker without the setting never undoes a server's.
 */
export async function writePushHosts(database: Database, hosts: readonly string[]): Promise<void> {
  if (hosts.length === 0) return;
  await database.query('select app_private.push_set_hosts($1::text[])', [
    hosts.map(normalPushHost),
  ]);
}

/** Whether a push may be posted to this endpoint: the database's own rule, asked again. */
export async function endpointAllowed(database: Database, endpoint: string): Promise<boolean> {
  const [row] = await database.query('select app_private.push_endpoint_allowed($1) as ok', [
    endpoint,
  ]);
  return row?.ok === true;
}

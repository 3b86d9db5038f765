import type { Database } from '../../db/database.ts';

/*
 * The push services a subscription may name are Google's, Mozilla's, Apple's
 * and Microsoft's (app_private.push_hosts, 20261126100000_web_push.sql), and
 * WEB_PUSH_HOSTS: the database refuses any other, so a member cannot make our
 * server post elsewhere, and push_claim() asks again before each push.
 */

/** host[:port], lower case, ":443" dropped; a leading "*." for a wildcard; or a problem. */
export function pushHostProblem(entry: string): string | undefined {
  const host = normalPushHost(entry);
  return /^(\*\.)?([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/.test(host) &&
    Number(/:(\d+)$/.exec(host)?.[1] ?? 443) <= 65_535
    ? undefined
    : `lists push hosts as host or host:port separated by commas, got "${entry}"`;
}

function normalPushHost(entry: string): string {
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

import type { Database } from '../../db/database.ts';
import { writePushHosts } from './push-hosts.ts';
import { vapidKeys } from './vapid-key.ts';

export interface PushStartOptions {
  /** WEB_PUSH_HOSTS: written into the database when given (push-hosts.ts). */
  webPushHosts?: readonly string[];
}

export interface PushAlerts {
  stop(): Promise<void>;
}

/**
 * Alerts for the server and `npm run worker`: the allowed push hosts and the
 * shared VAPID key first, so a browser can subscribe as soon as one process
 * has started.
 */
export async function startPush(
  database: Database,
  options: PushStartOptions,
): Promise<PushAlerts> {
  await writePushHosts(database, options.webPushHosts ?? []);
  await vapidKeys(database);
  return { stop: async () => {} };
}

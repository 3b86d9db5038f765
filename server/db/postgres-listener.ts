import pg from 'pg';
import {
  CONNECT_TIMEOUT_MS,
  dropConnection,
  KEEPALIVE_INITIAL_DELAY_MS,
} from './postgres-connection.ts';
import { withTimeout } from '../with-timeout.ts';
import { keepSayingListening, sayListening } from './listener-heartbeat.ts';

/** A lost listening connection is opened again after this long; the caller's poll covers the gap. */
const RELISTEN_MS = 5_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to others):
 * reopened after a loss, for as long as the listener is wanted.
 */
export async function listenOn(
  connectionString: string,
  channel: string,
  onNotify: (payload?: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const reopen = () => {
    if (stopped || retry) return;
    void client?.end().catch(() => {});
    retry = setTimeout(() => {
      retry = undefined;
      void open();
    }, RELISTEN_MS);
    retry.unref();
  };
  const open = async () => {
    const next = new pg.Client({
      connectionString,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_INITIAL_DELAY_MS,
      application_name: 'contact-site listener',
    });
    client = next;
    next.on('error', reopen);
    next.on('end', reopen);
    next.on('notification', (message) => onNotify(message.payload));
    try {
      await next.connect();
      await sayListening(channel, (sql, params) => next.query(sql, params));
      await next.query(`listen "${channel.replaceAll('"', '""')}"`);
    } catch {
      reopen();
      return;
    }
    // Whatever was stored while this connection was away is due now.
    onNotify();
  };
  await open();
  // On the listening connection: while it is lost, no beat, and its reopening says so again.
  const stopSaying = keepSayingListening(channel, async (sql, params) =>
    client?.query(sql, params),
  );
  return async () => {
    stopped = true;
    stopSaying();
    clearTimeout(retry);
    if (client) await endWithin(client, LISTEN_END_MS);
  };
}

/** How long a listening connection's goodbye may take before its socket is dropped. */
const LISTEN_END_MS = 2_000;

/**
 * Ends a connection, or drops its socket when the server does not answer in time: a stalled
 * database never answers, and a close that waited for it would never finish.
 */
async function endWithin(client: pg.Client, ms: number): Promise<void> {
  await withTimeout(client.end(), ms).catch(() => dropConnection(client));
}

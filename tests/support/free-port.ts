import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';

/**
 * A loopback port free right now, for a process whose URL must be known before
 * it starts (a server given PORT, nginx, a driver, a PostgreSQL cluster).
 * Servers we start in-process listen on port 0 instead and need none of this.
 */
export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise((closed) => probe.close(closed));
  return port;
}

import { once } from 'node:events';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The page's own scripts: the entry bundle and its lazy chunks, all hashed under /assets/. */
const SCRIPT = /^\/assets\/[^?#]+\.js(?:[?#]|$)/;

/**
 * A loopback proxy to `target` that can hold the page's scripts back. Classic
 * WebDriver can run nothing in a page before the page's own scripts do (it has
 * no preload scripts), so the WebKit engine holds them while it puts its
 * problem recorder into the new document, then lets them through. Nothing else
 * is changed: every request and response passes as it is.
 */
export async function startScriptGate(target: string) {
  let opened: Promise<void> = Promise.resolve();
  let open = () => {};

  const forward = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const upstream = request(
      new URL(incoming.url ?? '/', target),
      { method: incoming.method, headers: incoming.headers, agent: false },
      (response) => {
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(outgoing);
      },
    );
    upstream.on('error', (error) => outgoing.destroy(error));
    incoming.pipe(upstream);
  };
  const server = createServer((incoming, outgoing) => {
    const held = SCRIPT.test(incoming.url ?? '') ? opened : Promise.resolve();
    void held.then(() => forward(incoming, outgoing));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    hold() {
      opened = new Promise((resolve) => (open = resolve));
    },
    release() {
      open();
    },
    close() {
      open();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

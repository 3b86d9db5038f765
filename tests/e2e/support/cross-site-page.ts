import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Another website: a page on a second loopback server, reached as
 * http://localhost:<port> while our server is http://127.0.0.1:<port>, so
 * that the browser treats the two as different sites. Its form posts the
 * given fields to `action` with one button, as a forged form would.
 */
export async function crossSitePage(action: string, fields: Record<string, string>) {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escape(value)}" />`)
    .join('');
  const html = `<!doctype html><html lang="en"><head><title>Prize draw</title></head><body>
<form method="post" action="${escape(action)}">${inputs}<button>Win a prize</button></form>
</body></html>`;
  const server = createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}/`,
    async [Symbol.asyncDispose]() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startServer, type RunningServer } from '../../server/start.ts';
import { freshBackend, TEST_RATE_LIMIT, type Backend } from './support/backends.ts';
import { TABLE_URL, VALID } from '../support/requests.ts';
import { withProof } from '../support/proof.ts';

const IDLE_CONNECTIONS = 300;

async function openIdle(url: URL, count: number): Promise<Socket[]> {
  const opened = Array.from(
    { length: count },
    (_, i) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = connect(Number(url.port), url.hostname, () => {
          // A third say nothing, a third start a request, a third trickle a header.
          if (i % 3 === 1) socket.write(`POST ${TABLE_URL} HTTP/1.1\r\nHost: x\r\n`);
          if (i % 3 === 2) socket.write('GET / HTTP/1.1\r\nX-Slow: ');
          resolve(socket);
        });
        socket.resume(); // read the server's 408, so its hang-up is seen
        socket.on('error', () => {}); // the server may drop them; that is its right
        socket.once('error', reject);
      }),
  );
  return Promise.all(opened);
}

describe('slow and stuck clients', () => {
  let backend: Backend;
  let server: RunningServer;
  beforeAll(async () => {
    backend = await freshBackend('embedded');
    server = await startServer({
      port: 0,
      ...backend.options,
      distDir: '/nonexistent',
      rateLimitPerMinute: TEST_RATE_LIMIT,
    });
  });
  afterAll(async () => {
    await server?.close();
    await backend?.dispose();
  });

  it(`do not delay a visitor’s submission, ${IDLE_CONNECTIONS} connections of them`, async () => {
    const sockets = await openIdle(new URL(server.url), IDLE_CONNECTIONS);
    onTestFinished(() => sockets.forEach((socket) => socket.destroy()));
    let dropped = 0;
    for (const socket of sockets) socket.once('close', () => dropped++);
    const trickle = setInterval(() => {
      for (const [i, socket] of sockets.entries()) if (i % 3 === 2) socket.write('a');
    }, 200);
    try {
      const response = await fetch(`${server.url}${TABLE_URL}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(
          await withProof(server.url, { ...VALID, name: 'Past the idle crowd' }),
        ),
      });
      expect(response.status).toBe(201);
      // Answered while every idle connection was still held, not once they were dropped.
      expect(dropped).toBe(0);
    } finally {
      clearInterval(trickle);
    }
    const rows = await server.query('select 1 from contact_submissions where name = $1', [
      'Past the idle crowd',
    ]);
    expect(rows).toHaveLength(1);
  });

  it('are dropped once they stall past the headers timeout', async () => {
    const [stalled] = await openIdle(new URL(server.url), 2).then((pair) => pair.slice(1));
    onTestFinished(() => void stalled!.destroy());
    let reply = '';
    stalled!.on('data', (chunk: Buffer) => (reply += chunk.toString('latin1')));
    await new Promise((resolve) => stalled!.once('close', resolve));
    // The server hung up for the headers timeout (HEADERS_TIMEOUT_MS, 10 s, checked every
    // 2 s), saying so, rather than the socket failing for some other reason.
    expect(reply).toMatch(/^HTTP\/1\.1 408 /);
  });
});

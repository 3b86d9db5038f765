import { connect, createServer, type Socket } from 'node:net';

/**
 * A loopback TCP relay in front of the test PostgreSQL, to make it fail the
 * ways a network or a host does, which a database of our own cannot show:
 * stall() stops relaying and leaves every connection open and silent (a
 * stopped host, a partition); refuse() drops every connection and closes the
 * port (a database that is down); restore() brings it back on the same port.
 */
export interface TcpProxy {
  /** The database URL, through the relay. */
  url: string;
  stall(): void;
  /**
   * Stalls as stall() does the moment a client sends `text` (in a statement,
   * which then goes unanswered), so a test can stop the database at one step
   * of a client's work; resolves then.
   */
  stallAt(text: string): Promise<void>;
  /**
   * Resolves once a client writes to the stalled database (a statement sent
   * after stall(), or a new connection's greeting): the client is waiting on it.
   */
  heard(): Promise<void>;
  refuse(): Promise<void>;
  /**
   * The database is back: new connections are relayed again; stalled ones
   * stay lost, as a peer's that timed out would.
   */
  restore(): Promise<void>;
}

export async function tcpProxy(databaseUrl: string): Promise<TcpProxy> {
  const target = new URL(databaseUrl);
  const sockets = new Set<Socket>();
  const upstreams: Socket[] = [];
  let stalled = false;
  let stallText: { text: string; reached: () => void } | undefined;
  const listeners: (() => void)[] = [];
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  };
  const stall = () => {
    stalled = true;
    for (const upstream of upstreams) {
      upstream.unpipe();
      upstream.pause();
    }
  };
  // What a client writes to the stalled database is read and dropped, never answered.
  const hear = () => {
    for (const listener of listeners.splice(0)) listener();
  };

  const relay = (client: Socket) => {
    track(client);
    if (stalled) return client.on('data', hear); // accepted, never answered
    const upstream = connect(Number(target.port), target.hostname);
    track(upstream);
    // The end of what came before, so that a text split between two chunks is still seen.
    let seen = '';
    const toUpstream = (chunk: Buffer) => {
      if (stallText) {
        seen = seen.slice(-stallText.text.length) + chunk.toString('latin1');
        if (seen.includes(stallText.text)) {
          stallText.reached();
          stallText = undefined;
          stall();
          return hear();
        }
      }
      upstream.write(chunk);
    };
    client.on('data', (chunk: Buffer) => (stalled ? hear() : toUpstream(chunk)));
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    upstreams.push(upstream);
  };
  let server = createServer(relay);
  const listen = (port: number) =>
    new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const port = (server.address() as { port: number }).port;
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  return {
    url: url.href,
    stall,
    stallAt: (text) => new Promise((reached) => (stallText = { text, reached })),
    heard: () => new Promise((resolve) => listeners.push(resolve)),
    async refuse() {
      if (!server.listening) return;
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async restore() {
      stalled = false;
      for (const socket of sockets) socket.destroy();
      upstreams.length = 0;
      if (server.listening) return;
      server = createServer(relay);
      await listen(port);
    },
  };
}

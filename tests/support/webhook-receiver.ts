import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Webhook } from 'standardwebhooks';

/** A made-up Standard Webhooks secret (24 bytes), for tests only. */
export const WEBHOOK_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

export interface ReceivedHook {
  path: string;
  id: string;
  /** What the body says, once the signature verified; undefined when it did not. */
  event?: { type: string; timestamp: string; data: Record<string, string> };
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * A real HTTP receiver on loopback that verifies every request as an
 * integrator would, with the standardwebhooks package. `answer` decides each
 * response (status, and optionally a wait first); by default 204.
 */
export class WebhookReceiver {
  readonly received: ReceivedHook[] = [];
  answer: (hook: ReceivedHook) => number | Promise<number> = () => 204;
  private constructor(
    private readonly server: ReturnType<typeof createServer>,
    readonly url: string,
  ) {}

  static async start(path = '/hooks/leads'): Promise<WebhookReceiver> {
    const verifier = new Webhook(WEBHOOK_SECRET);
    // Requests arrive only after start() has made the receiver they report to.
    const self: { receiver?: WebhookReceiver } = {};
    const server = createServer((request: IncomingMessage, response: ServerResponse) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const hook: ReceivedHook = {
          path: request.url ?? '',
          id: String(request.headers['webhook-id']),
          headers: request.headers,
          body,
        };
        try {
          hook.event = verifier.verify(
            body,
            request.headers as Record<string, string>,
          ) as ReceivedHook['event'];
        } catch {
          hook.event = undefined;
        }
        self.receiver!.received.push(hook);
        void Promise.resolve(self.receiver!.answer(hook)).then((status) => {
          if (status >= 300 && status < 400) response.setHeader('location', '/elsewhere');
          response.writeHead(status).end();
        });
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as { port: number };
    self.receiver = new WebhookReceiver(server, `http://127.0.0.1:${port}${path}`);
    return self.receiver;
  }

  /** Requests whose signature verified. */
  get verified(): ReceivedHook[] {
    return this.received.filter((hook) => hook.event !== undefined);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

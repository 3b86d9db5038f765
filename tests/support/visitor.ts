import { Agent, request } from 'node:https';
import type { RunningNginx } from './nginx.ts';
import type { Challenge } from 'altcha-lib/types';
import { solve } from './proof.ts';
import { TABLE_URL, VALID } from './requests.ts';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A visitor reaching nginx over TLS from their own loopback address
 * (127.0.0.x: Linux routes all of 127/8 to loopback), so nginx, and the
 * instances behind it, see a different client address for each visitor.
 */
export class Visitor {
  private readonly agent: Agent;
  constructor(
    private readonly nginx: RunningNginx,
    readonly address: string,
  ) {
    this.agent = new Agent({ ca: nginx.ca, localAddress: address, keepAlive: true });
  }

  fetch(
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = request(
        `${this.nginx.httpsUrl}${path}`,
        { method: init.method ?? 'GET', headers: init.headers, agent: this.agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(init.body);
    });
  }

  /** A proof of work from the challenge this visitor fetches, as the page's worker does. */
  async proof(): Promise<string> {
    const answer = await this.fetch('/rest/v1/rpc/contact_challenge', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return solve(JSON.parse(answer.body) as Challenge);
  }

  /** A valid submission as the site's client posts it; `name` tells it apart. */
  async submit(name: string, headers: Record<string, string> = {}): Promise<Answer> {
    return this.fetch(TABLE_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ ...VALID, name, proof: await this.proof() }),
    });
  }

  close() {
    this.agent.destroy();
  }
}

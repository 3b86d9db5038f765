import { execFileSync } from 'node:child_process';
import {
  createECDH,
  createPublicKey,
  randomBytes,
  verify as verifySignature,
  type ECDH,
} from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ece from 'http_ece';

/** One message the push service accepted, decrypted, with what its headers said. */
export interface ReceivedPush {
  /** The subscription's id: the last path segment of its endpoint. */
  device: string;
  /** performance.now() when it arrived, for latency figures. */
  at: number;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  payload: Record<string, unknown>;
  claims: { aud: string; exp: number; sub: string };
}

export interface PushDevice {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A connection a sender opened, and which end closed it once idle. */
interface Connection {
  closedBy?: 'sender' | 'service';
}

/** A day, as RFC 8292 allows at most for `exp`. */
const MAX_EXP_SECONDS = 24 * 3_600;

/**
 * A push service on loopback, as Google's or Mozilla's would be to our
 * server: HTTPS with a certificate made here (trusted through `ca` in
 * process, NODE_EXTRA_CA_CERTS=`caFile` in a child), that checks every
 * request as RFC 8030, 8291 and 8292 say: the VAPID JWT (ES256 under the `k`
 * it names, `aud` this origin, `exp` within 24 hours, a mailto: or https:
 * `sub`), TTL, Urgency and Topic, and decrypts the aes128gcm body with the
 * device's keys (http_ece). Whatever fails a check is answered 400 and kept
 * in `problems`, which a test expects empty; a push whose `k` is not the
 * applicationServerKey its subscription was made with is answered 403 and
 * kept there too.
 */
export class LocalPushService {
  readonly received: ReceivedPush[] = [];
  readonly problems: string[] = [];
  /** The status for a device's next pushes (410: it has unsubscribed); 201 by default. */
  readonly answers = new Map<string, number>();
  /**
   * Each connection a sender opened, in order, and which end closed it once idle: the sender, or
   * this service at its keep-alive timeout (Node's default, announced as Keep-Alive: timeout=5).
   */
  readonly connections: Connection[] = [];
  private readonly devices = new Map<
    string,
    { ecdh: ECDH; auth: Buffer; applicationServerKey: Buffer }
  >();

  private constructor(
    private readonly server: Server,
    readonly origin: string,
    /** host:port, for WEB_PUSH_HOSTS. */
    readonly host: string,
    readonly ca: string,
    readonly caFile: string,
    private readonly dir: string,
  ) {}

  static async start(): Promise<LocalPushService> {
    const dir = mkdtempSync(join(tmpdir(), 'push-service-'));
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    const ca = readFileSync(cert, 'utf8');
    const self: { service?: LocalPushService } = {};
    const server = createServer({ key: readFileSync(key), cert: ca }, (request, response) => {
      void self.service?.handle(request, response);
    });
    server.on('secureConnection', (socket) => {
      const connection: Connection = {};
      self.service?.connections.push(connection);
      // The server's idle timer ends a kept-alive socket; the sender's end reads as 'end' here.
      socket.once('timeout', () => (connection.closedBy ??= 'service'));
      socket.once('end', () => (connection.closedBy ??= 'sender'));
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as { port: number };
    const host = `localhost:${port}`;
    self.service = new LocalPushService(server, `https://${host}`, host, ca, cert, dir);
    return self.service;
  }

  /**
   * A new subscription on this service, as pushManager.subscribe() makes one
   * for the server's VAPID public key (base64url, as rpc/inbox_push_key gives
   * it): only pushes signed with that key are taken for it afterwards.
   */
  subscribe(applicationServerKey: string, id = randomBytes(8).toString('hex')): PushDevice {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.devices.set(id, {
      ecdh,
      auth,
      applicationServerKey: Buffer.from(applicationServerKey, 'base64url'),
    });
    return {
      id,
      endpoint: `${this.origin}/push/${id}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    };
  }

  pushesTo(device: string): ReceivedPush[] {
    return this.received.filter((push) => push.device === device);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    this.server.close();
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const device = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
    const refuse = (problem: string) => {
      this.problems.push(`${device}: ${problem}`);
      response.writeHead(400).end(problem);
    };
    const keys = this.devices.get(device);
    if (request.method !== 'POST' || !keys) return void response.writeHead(404).end();
    const status = this.answers.get(device);
    if (status !== undefined) return void response.writeHead(status).end();
    const headers = request.headers;
    const vapid = this.checkVapid(String(headers.authorization ?? ''));
    if (typeof vapid === 'string') return refuse(vapid);
    const { claims, k } = vapid;
    // As Google's and Mozilla's services do: a push signed with another key than the
    // subscription was made with is refused, however valid its JWT.
    if (!k.equals(keys.applicationServerKey)) {
      this.problems.push(`${device}: 403, k is not the key the subscription was made with`);
      return void response.writeHead(403).end('VAPID key differs from the subscription’s');
    }
    const ttl = Number(headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0 || ttl > MAX_EXP_SECONDS)
      return refuse(`TTL ${headers.ttl}`);
    const topic = headers.topic as string | undefined;
    if (topic !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(topic))
      return refuse(`Topic ${topic}`);
    if (headers['content-encoding'] !== 'aes128gcm') return refuse('not aes128gcm');
    let payload: Record<string, unknown>;
    try {
      const plain = ece.decrypt(Buffer.concat(chunks), {
        version: 'aes128gcm',
        privateKey: keys.ecdh,
        authSecret: keys.auth,
      });
      payload = JSON.parse(plain.toString('utf8')) as Record<string, unknown>;
    } catch (error) {
      return refuse(`cannot decrypt: ${error instanceof Error ? error.message : error}`);
    }
    this.received.push({
      device,
      at: performance.now(),
      ttl,
      urgency: headers.urgency as string | undefined,
      topic,
      payload,
      claims,
    });
    response.writeHead(201, {
      location: `${this.origin}/message/${randomBytes(4).toString('hex')}`,
    });
    response.end();
  }

  /** RFC 8292: `vapid t=<JWT>, k=<P-256 public key>`; the claims and k, or what is wrong. */
  private checkVapid(header: string): { claims: ReceivedPush['claims']; k: Buffer } | string {
    const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header);
    if (!match) return `Authorization "${header.slice(0, 40)}"`;
    const [jwt, k] = [match[1]!, match[2]!];
    const [head, body, signature] = jwt.split('.') as [string, string, string];
    const raw = Buffer.from(k, 'base64url');
    if (raw.length !== 65 || raw[0] !== 4) return 'k is not an uncompressed P-256 key';
    const publicKey = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    const { alg } = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
    if (alg !== 'ES256') return `alg ${alg}`;
    const valid = verifySignature(
      'sha256',
      Buffer.from(`${head}.${body}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
    if (!valid) return 'the JWT signature does not verify under k';
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as ReceivedPush['claims'];
    const now = Date.now() / 1000;
    if (claims.aud !== this.origin) return `aud ${claims.aud}`;
    if (!(claims.exp > now && claims.exp <= now + MAX_EXP_SECONDS)) return `exp ${claims.exp}`;
    if (!/^(mailto:[^@\s]+@[^@\s]+\.[a-z]+|https:\/\/\S+)$/i.test(claims.sub)) {
      return `sub ${claims.sub}`;
    }
    return { claims, k: raw };
  }
}

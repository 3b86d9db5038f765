import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail, type ParsedMail } from './raw-mail.ts';
import { until } from './until.ts';

export interface ReceivedMail extends ParsedMail {
  /** RCPT TO addresses: who the message really went to, whatever its headers say. */
  envelopeTo: string[];
  /** The message exactly as it arrived. */
  raw: string;
  /** When this relay accepted it. */
  acceptedAt: Date;
}

/** A message a holding relay has read but not yet answered: the sender is mid-send. */
export interface HeldMail {
  mail: ReceivedMail;
  /** 250: kept, as any other. */
  accept(): void;
  /** 451: a temporary refusal, to try again later. */
  defer(): void;
}

/**
 * A real SMTP server on loopback that keeps what it receives. down() stops
 * listening (connections are refused) and up() listens again on the same port,
 * so a server configured with `url` sees its relay go away and come back.
 * While `holding`, it answers no message until the test does (nextHeld()).
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  /** A filtering relay: a message whose text holds this is answered 554 and not kept. */
  refuseText: string | undefined;
  /** How many messages were answered 554. */
  refused = 0;
  /** Addresses this relay answers 554 at RCPT TO: a mailbox that does not exist. */
  readonly refuseRecipients = new Set<string>();
  /** While true, each message waits for the test's answer (nextHeld) before it is kept. */
  holding = false;
  private readonly held: HeldMail[] = [];
  private server: SMTPServer | undefined;
  private constructor(public port: number) {}

  /** `port`: 0 for a free one, or one another relay has just left (a relay that comes back). */
  static async start(port = 0): Promise<SmtpSink> {
    const sink = new SmtpSink(port);
    await sink.up();
    return sink;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async up(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      // Plain text on loopback: no certificate to make up.
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (!this.refuseRecipients.has(address.address.toLowerCase())) return callback();
        callback(
          Object.assign(new Error('5.1.1 Recipient address rejected: no such mailbox'), {
            responseCode: 554,
          }),
        );
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address);
          const mail = { ...parseMail(raw), envelopeTo, raw, acceptedAt: new Date() };
          if (this.refuseText && mail.bodies['text/plain']?.includes(this.refuseText)) {
            this.refused++;
            callback(
              Object.assign(new Error('5.7.1 Message refused as spam'), { responseCode: 554 }),
            );
            return;
          }
          const accept = () => {
            this.received.push(mail);
            callback();
          };
          if (!this.holding) return accept();
          const defer = () =>
            callback(Object.assign(new Error('4.3.0 Try again later'), { responseCode: 451 }));
          this.held.push({ mail, accept, defer });
        });
      },
    });
    // A client that goes away mid-message (an instance killed with -9 while it sends) resets its
    // connection, and smtp-server reports that as an 'error' on the server: with no listener it
    // was an uncaught exception that failed the whole run (production-cluster.test.ts, under
    // load). A real relay drops that message and carries on, and so does this one.
    server.on('error', () => {});
    server.listen(this.port, '127.0.0.1');
    await once(server.server, 'listening');
    this.port = (server.server.address() as { port: number }).port;
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The next message that waits for an answer (`holding`), once it has arrived. */
  async nextHeld(timeoutMs = 60_000): Promise<HeldMail> {
    await until(() => this.held.length > 0, timeoutMs, 'a message to arrive');
    return this.held.shift()!;
  }

  /** Resolves when `count` messages have arrived; rejects after `timeoutMs`. */
  async waitFor(count: number, timeoutMs = 30_000): Promise<ReceivedMail[]> {
    await until(() => this.received.length >= count, timeoutMs, `${count} message(s)`);
    return this.received;
  }
}

/**
 * A relay that accepts connections and never says a word: a send to it hangs
 * until the mailer's greeting timeout, or until release() hangs up.
 */
export class SilentRelay {
  readonly sockets = new Set<Socket>();
  private constructor(private readonly server: Server) {
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => {});
    });
  }

  static async start(): Promise<SilentRelay> {
    const server = createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return new SilentRelay(server);
  }

  get port(): number {
    return (this.server.address() as { port: number }).port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async release(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

import { connect as connectTcp, type Socket } from 'node:net';
import { hostname } from 'node:os';
import { connect as connectTls } from 'node:tls';

/**
 * Asks the relay whether it would take mail from the sender to each address, and sends nothing:
 * EHLO, STARTTLS when offered (or TLS from the start for smtps://), AUTH PLAIN with the URL's
 * login, MAIL FROM, one RCPT TO per address, then RSET and QUIT. The same connection rules as the
 * server's mailer (server/leads/delivery/lead-mailer.ts): a password never travels without TLS.
 */

/** As the mailer's own connection and greeting timeouts: a relay that says nothing is down. */
const STEP_TIMEOUT_MS = 10_000;
const SMTP_PORT = 587;
const SMTPS_PORT = 465;

export interface ProbeResult {
  /** Where it connected, for the report: host:port, never the login. */
  relay: string;
  /** The addresses the relay answered 2xx at RCPT TO. */
  accepted: string[];
  /** Each refused address with the relay's words. */
  refused: { address: string; reply: string }[];
}

/** A reply: its code and every line's text joined. */
interface Reply {
  code: number;
  text: string;
}

class Dialog {
  private buffer = '';
  private lines: string[] = [];
  private waiting: ((reply: Reply) => void) | undefined;
  private failed: ((error: Error) => void) | undefined;

  constructor(public socket: Socket) {
    this.listen(socket);
  }

  listen(socket: Socket) {
    this.socket = socket;
    socket.setTimeout(STEP_TIMEOUT_MS, () => this.fail(new Error('the relay stopped answering')));
    socket.on('data', (chunk: Buffer) => this.read(chunk.toString('utf8')));
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('the relay closed the connection')));
  }

  private read(chunk: string) {
    this.buffer += chunk;
    let end;
    while ((end = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, end).replace(/\r$/, '');
      this.buffer = this.buffer.slice(end + 1);
      this.lines.push(line);
      // "250-…" continues a reply; "250 …" ends it (RFC 5321, 4.2.1).
      if (line.charAt(3) !== '-') {
        const reply = { code: Number(line.slice(0, 3)), text: this.lines.join('\n') };
        this.lines = [];
        const resolve = this.waiting;
        this.waiting = undefined;
        resolve?.(reply);
      }
    }
  }

  private fail(error: Error) {
    const reject = this.failed;
    this.waiting = undefined;
    this.failed = undefined;
    reject?.(error);
  }

  /** The next reply, after sending `command` when one is given. */
  next(command?: string): Promise<Reply> {
    return new Promise((resolve, reject) => {
      this.waiting = resolve;
      this.failed = reject;
      if (command !== undefined) this.socket.write(`${command}\r\n`);
    });
  }

  async expect(command: string | undefined, what: string): Promise<Reply> {
    const reply = await this.next(command);
    if (reply.code >= 400) throw new Error(`${what}: the relay answered "${reply.text}"`);
    return reply;
  }
}

function opened(socket: Socket, event: 'connect' | 'secureConnect'): Promise<Socket> {
  return new Promise((resolve, reject) => {
    socket.setTimeout(STEP_TIMEOUT_MS, () => socket.destroy(new Error('no answer to connect')));
    socket.once(event, () => resolve(socket));
    socket.once('error', reject);
  });
}

async function greet(dialog: Dialog): Promise<string> {
  return (await dialog.expect(`EHLO ${hostname()}`, 'EHLO')).text;
}

/** Connects, says EHLO, secures the connection and logs in: ready for MAIL FROM. */
async function session(url: URL): Promise<Dialog> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const secure = url.protocol === 'smtps:';
  const port = Number(url.port) || (secure ? SMTPS_PORT : SMTP_PORT);
  const socket = secure
    ? await opened(connectTls({ host, port, servername: host }), 'secureConnect')
    : await opened(connectTcp({ host, port }), 'connect');
  const dialog = new Dialog(socket);
  await dialog.expect(undefined, 'the greeting');
  let features = await greet(dialog);
  if (!secure && /^250[ -]STARTTLS\b/im.test(features)) {
    await dialog.expect('STARTTLS', 'STARTTLS');
    socket.removeAllListeners('data');
    dialog.listen(
      await opened(connectTls({ socket, servername: host }) as unknown as Socket, 'secureConnect'),
    );
    features = await greet(dialog);
  } else if (!secure && url.password) {
    throw new Error('the relay offers no STARTTLS, and the password never goes without TLS');
  }
  if (url.username) {
    const user = decodeURIComponent(url.username);
    const login = Buffer.from(`\0${user}\0${decodeURIComponent(url.password)}`).toString('base64');
    await dialog.expect(`AUTH PLAIN ${login}`, 'the login (AUTH PLAIN)');
  }
  return dialog;
}

export async function probeRelay(
  smtpUrl: string,
  sender: string,
  addresses: readonly string[],
): Promise<ProbeResult> {
  const url = new URL(smtpUrl);
  const relay = `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? SMTPS_PORT : SMTP_PORT)}`;
  const dialog = await session(url);
  try {
    await dialog.expect(`MAIL FROM:<${sender}>`, `the sender ${sender}`);
    const result: ProbeResult = { relay, accepted: [], refused: [] };
    for (const address of addresses) {
      const reply = await dialog.next(`RCPT TO:<${address}>`);
      if (reply.code < 300) result.accepted.push(address);
      else result.refused.push({ address, reply: reply.text });
    }
    await dialog.next('RSET');
    await dialog.next('QUIT').catch(() => undefined);
    return result;
  } finally {
    dialog.socket.destroy();
  }
}

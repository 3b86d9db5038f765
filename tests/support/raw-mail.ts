/**
 * Just enough of RFC 5322 and MIME to read what nodemailer sends: unfolded
 * headers, RFC 2047 encoded words, multipart bodies, quoted-printable and
 * base64. Headers are kept as they arrived, so a test can look for one that
 * should not be there.
 */

export interface ParsedMail {
  /** Every header line, unfolded, in order, as [name, raw value]. */
  headers: [string, string][];
  /** The first header of that name, RFC 2047 words decoded. */
  header(name: string): string | undefined;
  /** Decoded bodies by content type: text/plain, text/html. */
  bodies: Record<string, string>;
}

export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitEntity(raw);
  const bodies: Record<string, string> = {};
  collectBodies(headers, body, bodies);
  return {
    headers,
    header: (name) => {
      const value = headers.find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
      return value === undefined ? undefined : decodeWords(value);
    },
    bodies,
  };
}

function splitEntity(raw: string): { headers: [string, string][]; body: string } {
  const text = raw.replace(/\r\n/g, '\n');
  const end = text.indexOf('\n\n');
  const head = end < 0 ? text : text.slice(0, end);
  const body = end < 0 ? '' : text.slice(end + 2);
  const headers = head
    .replace(/\n[ \t]/g, ' ')
    .split('\n')
    .filter(Boolean)
    .map((line): [string, string] => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon), line.slice(colon + 1).trim()];
    });
  return { headers, body };
}

function collectBodies(headers: [string, string][], body: string, out: Record<string, string>) {
  const get = (name: string) => headers.find(([key]) => key.toLowerCase() === name)?.[1] ?? '';
  const contentType = get('content-type') || 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (/^multipart\//i.test(contentType) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      const entity = splitEntity(part.replace(/^\n/, ''));
      collectBodies(entity.headers, entity.body, out);
    }
    return;
  }
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  out[type] = decodeBody(body, get('content-transfer-encoding').toLowerCase());
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body.replace(/\n$/, '');
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\n/g, '').replace(/\n$/, '');
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** =?UTF-8?Q?…?= and =?UTF-8?B?…?=, with the whitespace between adjacent words dropped. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

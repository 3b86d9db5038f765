import { beforeAll, expect, it } from 'vitest';
import { describeEachBackend, sharedPerBackend } from './support/backends.ts';
import { capturedLog } from './support/captured-log.ts';
import { signIn, startInboxServer, storeLead } from './support/inbox.ts';

/**
 * A member's read or call that names a column the table lacks, or gives a
 * value its column's type refuses: PostgREST's 400 with PostgreSQL's code and
 * words, never a 500 logged with a stack (docs/product.md#data-status).
 */

/** Names every JavaScript object inherits: a check with `in` took them for columns. */
const INHERITED = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];
const TABLES = ['inbox_leads', 'lead_notes', 'lead_activity'];

const badReads = sharedPerBackend(async (kind) => {
  const log = capturedLog();
  const inbox = await startInboxServer(kind, { logger: log.stream });
  const lead = await storeLead(inbox.server, {
    name: 'Lead',
    email: 'l@example.co.uk',
    message: 'Hi',
  });
  const { access_token: token } = await signIn(inbox.client(), inbox.sink);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const read = (path: string, signedIn = true) =>
    inbox.fetch(`${inbox.url}/rest/v1/${path}`, signedIn ? { headers } : {});
  /** A string is sent as it is: JSON no JavaScript object can be written back as. */
  const call = (name: string, args: object | string) =>
    inbox.fetch(`${inbox.url}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers,
      body: typeof args === 'string' ? args : JSON.stringify(args),
    });
  return { log, lead, read, call, close: () => inbox.close() };
});

type BadReads = ReturnType<ReturnType<typeof badReads>>;

/** The status and body, for one comparison that names the request when it fails. */
const answer = async (response: Response) => [response.status, await response.json()];

// per backend: the 400 carries the database's own code and words, as each driver reports them.
describeEachBackend('inbox reads: unknown columns and bad values', (kind) => {
  const shared = badReads(kind);
  let log: BadReads['log'];
  let lead: BadReads['lead'];
  let read: BadReads['read'];
  let call: BadReads['call'];
  beforeAll(() => void ({ log, lead, read, call } = shared()));

  it('answers a name every object inherits as PostgREST’s unknown column, wherever it is named', async () => {
    for (const table of TABLES) {
      for (const name of INHERITED) {
        const unknown = {
          code: '42703',
          details: null,
          hint: null,
          message: `column ${table}.${name} does not exist`,
        };
        for (const query of [
          `select=${name}`,
          `select=id,${name}`,
          `${name}=eq.1`,
          `order=${name}.desc`,
          `${name}=fts(simple).x`,
        ]) {
          expect(await answer(await read(`${table}?${query}`)), `${table}?${query}`).toEqual([
            400,
            unknown,
          ]);
        }
        // With no token at all, as the attack needed none.
        expect(await answer(await read(`${table}?select=${name}`, false))).toEqual([400, unknown]);
      }
    }
  });

  it('answers a filter or order on a computed field as not implemented, an empty order as unparsable', async () => {
    const notImplemented = [
      400,
      expect.objectContaining({
        code: 'PGRST127',
        details: expect.stringContaining('the computed field spam_reasons'),
      }),
    ];
    for (const query of [
      'spam_reasons=cs.%7Blinks:4%7D',
      'spam_reasons=is.null',
      'order=spam_reasons',
    ]) {
      expect(await answer(await read(`inbox_leads?${query}`)), query).toEqual(notImplemented);
    }
    // Selected, it is there: PostgREST's computed field.
    expect(await answer(await read(`inbox_leads?select=id,spam_reasons&id=eq.${lead}`))).toEqual([
      200,
      [{ id: lead, spam_reasons: [] }],
    ]);
    for (const order of ['order=', 'order=,id']) {
      expect(await answer(await read(`inbox_leads?${order}`)), order).toEqual([
        400,
        expect.objectContaining({ code: 'PGRST100', message: '"failed to parse order"' }),
      ]);
    }
  });

  it('answers a value its column’s type refuses with PostgreSQL’s 400, as PostgREST does', async () => {
    const refused = (code: string, message: string) => [
      400,
      expect.objectContaining({ code, message }),
    ];
    const cases: [Promise<Response>, unknown[]][] = [
      [
        read('inbox_leads?suspected_spam=eq.maybe'),
        refused('22P02', 'invalid input syntax for type boolean: "maybe"'),
      ],
      // PostgreSQL takes a prefix of true; PGlite's own parameter check did not.
      [read('inbox_leads?suspected_spam=eq.tr&select=id'), [200, []]],
      [read('inbox_leads?id=eq.x'), refused('22P02', 'invalid input syntax for type bigint: "x"')],
      [
        read('inbox_leads?id=eq.99999999999999999999'),
        refused('22003', 'value "99999999999999999999" is out of range for type bigint'),
      ],
      [
        read('lead_notes?submission_id=eq.1.5'),
        refused('22P02', 'invalid input syntax for type bigint: "1.5"'),
      ],
      [read('lead_activity?id=eq.'), refused('22P02', 'invalid input syntax for type bigint: ""')],
      [
        call('lead_figures', { days: 'week' }),
        refused('22P02', 'invalid input syntax for type integer: "week"'),
      ],
      [
        call('inbox_mark_read', { lead_id: { id: lead } }),
        refused('22P02', `invalid input syntax for type bigint: "{"id":${lead}}"`),
      ],
      [
        call('inbox_set_status', { lead_id: true, new_status: 'won' }),
        refused('22P02', 'invalid input syntax for type bigint: "true"'),
      ],
      // Parsed whole, but too deep for JSON.stringify to pass on as text.
      [
        call('inbox_mark_read', `{"lead_id":${'['.repeat(20_000)}${']'.repeat(20_000)}}`),
        refused('54001', 'stack depth limit exceeded'),
      ],
    ];
    for (const [response, expected] of cases) {
      const got = await response;
      expect(await answer(got), got.url).toEqual(expected);
    }
  });

  it('logs none of these at error level', () => {
    const errors = log.lines().filter((line) => Number(line.level) >= 50);
    expect(errors).toEqual([]);
  });
});

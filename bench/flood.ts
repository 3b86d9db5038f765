/**
 * Issue 23's attack, measured: our server with lead email on (a local SMTP
 * sink) and TRUST_PROXY = 1 (one proxy in front, so X-Forwarded-For names the
 * client), on the embedded database and on PostgreSQL. A script posts
 * `--addresses` forwarded addresses × `--per-address` submissions within one
 * minute, straight to the API as JSON (`json`) or as the no-JS form's
 * urlencoded POST to /contact with its hidden fields copied (`form`); then a
 * real visitor sends one lead through the API. Prints rows stored, emails
 * sent, and how long the real lead waited for its email (giving up after
 * `--wait` seconds). A benchmark that prints figures, not a test. Loopback only.
 *
 *   node --import tsx bench/flood.ts [--backend both|embedded|postgres]
 *     [--route both|json|form] [--addresses 10] [--per-address 12] [--wait 60]
 *
 * Nothing is shortened: the outbox polls every 2 s (its default) and the
 * hourly email cap stays at its default (60). After the proof-of-work change,
 * only `postOne` (and `postForm`, if the no-JS form then needs more) changes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { NATIVE_FORM_PATH } from '../contact/paths.ts';
import { HONEYPOT_FIELD } from '../contact/honeypot.ts';
import { startServer, type RunningServer } from '../server/start.ts';
import { SmtpSink } from '../tests/support/smtp-sink.ts';
import { withBenchPostgres } from './bench-postgres.ts';
import { uniqueSubmission } from './submissions-load.ts';

const { values } = parseArgs({
  options: {
    backend: { type: 'string', default: 'both' },
    route: { type: 'string', default: 'both' },
    addresses: { type: 'string', default: '10' },
    'per-address': { type: 'string', default: '12' },
    wait: { type: 'string', default: '60' },
  },
});
const ADDRESSES = Number(values.addresses);
const PER_ADDRESS = Number(values['per-address']);
const WAIT_S = Number(values.wait);
const TABLE = '/rest/v1/contact_submissions';

type Submission = ReturnType<typeof uniqueSubmission>;

/**
 * Posts one submission to the API as the page does, from `address` (through
 * X-Forwarded-For); returns the HTTP status. The one place a proof of work
 * (or any other new requirement of a valid insert) goes.
 */
async function postOne(baseUrl: string, address: string, submission: Submission) {
  const response = await fetch(new URL(TABLE, baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(submission),
  });
  await response.arrayBuffer();
  return response.status;
}

/** The no-JS form's POST, hidden fields copied as the page renders them (the honeypot empty). */
async function postForm(baseUrl: string, address: string, submission: Submission) {
  const body = new URLSearchParams({ ...submission, [HONEYPOT_FIELD]: '' });
  const response = await fetch(new URL(NATIVE_FORM_PATH, baseUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: new URL(baseUrl).origin,
      'x-forwarded-for': address,
    },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

/** 198.51.100.0/24 (TEST-NET-2): documentation addresses, only ever written in a header. */
const attacker = (i: number) => `198.51.100.${i + 10}`;
const REAL_VISITOR = '203.0.113.7';

async function flood(route: 'json' | 'form', label: string, database: Record<string, string>) {
  const sink = await SmtpSink.start();
  const server: RunningServer = await startServer({
    port: 0,
    host: '127.0.0.1',
    distDir: '/nonexistent',
    logger: false,
    trustProxy: 1,
    smtpUrl: sink.url,
    notifyEmail: 'leads@example.co.uk',
    ...database,
  });
  try {
    const post = route === 'json' ? postOne : postForm;
    const statuses: Record<string, number> = {};
    const started = performance.now();
    // Each address sends its posts one after another; the addresses in parallel.
    await Promise.all(
      Array.from({ length: ADDRESSES }, async (_, i) => {
        for (let k = 0; k < PER_ADDRESS; k++) {
          const status = await post(server.url, attacker(i), uniqueSubmission(`Flood ${i}`)).catch(
            () => 0,
          );
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      }),
    );
    const floodS = (performance.now() - started) / 1000;

    const real = uniqueSubmission('Real Lead');
    const sent = performance.now();
    const realStatus = await postOne(server.url, REAL_VISITOR, real);
    const mentions = () =>
      sink.received.some((mail) =>
        [mail.header('subject') ?? '', ...Object.values(mail.bodies)].some((text) =>
          text.includes(real.name),
        ),
      );
    let waitedMs: number | undefined;
    while (performance.now() - sent < WAIT_S * 1000) {
      if (mentions()) {
        waitedMs = performance.now() - sent;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const rows = await server.query(
      "select count(*)::int as n, count(*) filter (where name like 'Flood %')::int as flood " +
        'from contact_submissions',
    );
    console.log(
      `\n${label}, ${route === 'json' ? `JSON to ${TABLE}` : `form to ${NATIVE_FORM_PATH}`}`,
    );
    console.log(
      `  flood           ${ADDRESSES} addresses × ${PER_ADDRESS} in ${floodS.toFixed(1)} s; ` +
        `answers ${JSON.stringify(statuses)}`,
    );
    console.log(
      `  rows stored     ${rows[0]?.n} (flood ${rows[0]?.flood}); real lead HTTP ${realStatus}`,
    );
    console.log(`  emails sent     ${sink.received.length}`);
    console.log(
      `  real lead wait  ${waitedMs === undefined ? `not emailed within ${WAIT_S} s` : `${(waitedMs / 1000).toFixed(1)} s`}`,
    );
  } finally {
    await server.close();
    await sink.down();
  }
}

const routes = values.route === 'both' ? (['json', 'form'] as const) : [values.route as 'json'];
console.log(
  `Flood benchmark: ${ADDRESSES} × ${PER_ADDRESS}, hourly email cap at its default, outbox poll at its default`,
);
for (const route of routes) {
  if (values.backend !== 'postgres') {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-flood-'));
    try {
      await flood(route, 'Embedded database (PGlite)', { dataDir });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (values.backend !== 'embedded') {
    await withBenchPostgres((databaseUrl) => flood(route, 'PostgreSQL', { databaseUrl }));
  }
}

/**
 * A flood from many addresses (docs/spam.md), measured: our server with lead
 * email on (a local SMTP sink) and TRUST_PROXY = 1 (one proxy in front, so
 * X-Forwarded-For names the client), on the embedded database and on PostgreSQL. A script posts
 * `--addresses` forwarded addresses × `--per-address` submissions within one
 * minute, straight to the API as JSON (`json`) or as the no-JS form's
 * urlencoded POST to /contact with its hidden fields copied (`form`); then a
 * real visitor sends one lead through the API. Prints rows stored, emails
 * sent within `--wait` seconds of the real lead (the flood's one by one and
 * its summaries), and how long the real lead waited for its email (giving up
 * after `--wait` seconds). A benchmark that prints figures, not a test. Loopback only.
 *
 *   node --import tsx bench/flood.ts [--backend both|embedded|postgres]
 *     [--route both|json|form|json-proof] [--addresses 10] [--per-address 12] [--wait 60]
 *
 * The flood's JSON carries no proof of work, as a script that skips the page
 * sends it (`json`); `json-proof` is the costlier attacker who solves one
 * proof per post, at the default difficulty, before the flood starts (not
 * run by `both`: its posts are stored verified, so past the hourly cap the
 * real lead may wait for the summary, every LEAD_SUMMARY_INTERVAL_SECONDS (5
 * minutes); give it `--wait 330`). The no-JS form needs no proof and is
 * stored unverified. The real visitor's proof is solved before the flood, as
 * the page solves it while the visitor types, so the wait is the server's
 * alone. Nothing is shortened: difficulty, the outbox poll (2 s), the hourly
 * email cap (60), the unverified budget (10 an hour) and the summary interval
 * (5 minutes) are their defaults.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { NATIVE_FORM_PATH } from '../shared/paths.ts';
import { HONEYPOT_FIELD } from '../shared/honeypot.ts';
import { startServer, type RunningServer } from '../server/start.ts';
import { SmtpSink } from '../tests/support/smtp-sink.ts';
import { withBenchPostgres } from './bench-postgres.ts';
import { uniqueSubmission } from './submissions-load.ts';
import { proofFrom } from '../tests/support/proof.ts';

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
async function postOne(baseUrl: string, address: string, submission: Submission, proof?: string) {
  const response = await fetch(new URL(TABLE, baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(proof === undefined ? submission : { ...submission, proof }),
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

type Route = 'json' | 'form' | 'json-proof';
const DESCRIBE: Record<Route, string> = {
  json: `JSON to ${TABLE}, no proof`,
  'json-proof': `JSON to ${TABLE}, each with a solved proof`,
  form: `form to ${NATIVE_FORM_PATH}, hidden fields copied`,
};

async function flood(route: Route, label: string, database: Record<string, string>) {
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
    // Solved ahead: the visitor's browser solves while they type; the attacker's before the minute.
    const realProof = await proofFrom(server.url);
    const floodProofs =
      route === 'json-proof'
        ? await Promise.all(
            Array.from({ length: ADDRESSES * PER_ADDRESS }, () => proofFrom(server.url)),
          )
        : [];
    const post = (address: string, submission: Submission) =>
      route === 'form'
        ? postForm(server.url, address, submission)
        : postOne(server.url, address, submission, floodProofs.pop());
    const statuses: Record<string, number> = {};
    const started = performance.now();
    // Each address sends its posts one after another; the addresses in parallel.
    await Promise.all(
      Array.from({ length: ADDRESSES }, async (_, i) => {
        for (let k = 0; k < PER_ADDRESS; k++) {
          const status = await post(attacker(i), uniqueSubmission(`Flood ${i}`)).catch(() => 0);
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      }),
    );
    const floodS = (performance.now() - started) / 1000;
    const emailsBefore = sink.received.length;

    const real = uniqueSubmission('Real Lead');
    const sent = performance.now();
    const realStatus = await postOne(server.url, REAL_VISITOR, real, realProof);
    if (realStatus !== 201) {
      process.exitCode = 1;
      console.error(
        `\nThe real lead was answered ${realStatus}, not 201: the figures below are void.`,
      );
    }
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
    // Then what the flood's own leads got: watched until `--wait` s after the real lead was sent.
    const waitedForLead = performance.now() - sent;
    while (performance.now() - sent < WAIT_S * 1000) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const rows = await server.query(
      "select count(*)::int as n, count(*) filter (where name like 'Flood %')::int as flood, " +
        "count(*) filter (where name like 'Flood %' and not verified)::int as unverified " +
        'from contact_submissions',
    );
    const subjects = sink.received.map((mail) => mail.header('subject') ?? '');
    const floodOneByOne = subjects.filter((subject) => subject.includes('from Flood ')).length;
    const summaries = subjects.flatMap((subject) => {
      const match = /^(\d+) new enquir(?:y|ies) \(summary\)$/.exec(subject);
      return match ? [Number(match[1])] : [];
    });
    console.log(`\n${label}, ${DESCRIBE[route]}`);
    console.log(
      `  flood           ${ADDRESSES} addresses × ${PER_ADDRESS} in ${floodS.toFixed(1)} s; ` +
        `answers ${JSON.stringify(statuses)}`,
    );
    console.log(
      `  rows stored     ${rows[0]?.n} (flood ${rows[0]?.flood}, of them unverified ` +
        `${rows[0]?.unverified}); real lead HTTP ${realStatus}`,
    );
    console.log(
      `  emails sent     ${sink.received.length} within ${WAIT_S} s of the real lead ` +
        `(${emailsBefore} before it was sent): ${floodOneByOne} flood leads one by one, ` +
        `${summaries.length} summaries${summaries.length ? ` of ${summaries.join(', ')} leads` : ''}`,
    );
    console.log(
      `  real lead wait  ${waitedMs === undefined ? `not emailed within ${(waitedForLead / 1000).toFixed(0)} s` : `${(waitedMs / 1000).toFixed(1)} s`}`,
    );
  } finally {
    await server.close();
    await sink.down();
  }
}

const routes = values.route === 'both' ? (['json', 'form'] as const) : [values.route as Route];
console.log(
  `Flood benchmark: ${ADDRESSES} × ${PER_ADDRESS}; difficulty, hourly email cap, unverified budget, ` +
    `summary interval and outbox poll at their defaults`,
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

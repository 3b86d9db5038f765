/**
 * The same timing for any address (docs/inbox.md): the server's time to answer
 * `POST /auth/v1/otp` for a member (a code stored, an email queued after the
 * answer) and for an address that is not one (nothing stored, nothing sent),
 * interleaved so the machine's noise falls on both alike. A benchmark that
 * prints figures, not a test.
 *
 *   node --import tsx bench/inbox-sign-in.ts [--requests 300]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startServer } from '../server/start.ts';
import { SmtpSink } from '../tests/support/smtp-sink.ts';
import { percentile } from './submissions-load.ts';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '300' } } });
const REQUESTS = Number(values.requests);
const MEMBER = 'owner@example.co.uk';
const STRANGER = 'stranger@example.co.uk';

const dataDir = mkdtempSync(join(tmpdir(), 'bench-sign-in-'));
const sink = await SmtpSink.start();
const server = await startServer({
  dataDir,
  distDir: join(dataDir, 'no-site'),
  port: 0,
  smtpUrl: sink.url,
  notifyEmail: 'agency@example.co.uk',
  inboxEmails: [MEMBER],
  // Every request answered as a first one: no gap, no hourly limit in the way.
  codeRules: { pairGapSeconds: 0, pairPerHour: 1e9, emailPerHour: 1e9, clientPerHour: 1e9 },
});
try {
  const ask = async (email: string) => {
    const started = performance.now();
    const response = await fetch(`${server.url}/auth/v1/otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, create_user: false, data: {}, gotrue_meta_security: {} }),
    });
    const body = await response.text();
    if (response.status !== 200 || body !== '{}')
      throw new Error(`HTTP ${response.status} ${body}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 20; i++) await ask(i % 2 ? MEMBER : STRANGER); // warm-up
  const times: Record<string, number[]> = { [MEMBER]: [], [STRANGER]: [] };
  for (let i = 0; i < REQUESTS; i++) {
    for (const email of i % 2 ? [MEMBER, STRANGER] : [STRANGER, MEMBER]) {
      times[email]!.push(await ask(email));
    }
  }
  console.log(`\nPOST /auth/v1/otp, ${REQUESTS} requests each, embedded database`);
  for (const [label, email] of [
    ['member (code stored, emailed)', MEMBER],
    ['not a member (nothing sent)  ', STRANGER],
  ] as const) {
    const sorted = times[email]!.sort((a, b) => a - b);
    console.log(
      `  ${label}: median ${percentile(sorted, 50).toFixed(2)} ms, ` +
        `p90 ${percentile(sorted, 90).toFixed(2)} ms`,
    );
  }
  const toStranger = sink.received.filter((mail) => mail.envelopeTo.includes(STRANGER)).length;
  console.log(`  emails received: ${sink.received.length}, to the non-member: ${toStranger}`);
  if (toStranger > 0) process.exitCode = 1;
} finally {
  await server.close();
  await sink.down();
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * `npm run doctor` where the site uses hosted Supabase (docs/inbox.md, "On hosted Supabase"): it
 * reads Supabase Auth's public settings with the anon key and says "fix" when anyone may sign up,
 * since a stranger could then sign up as a member's address. Supabase Auth is an external service:
 * a local server answers GET /auth/v1/settings in its shape (supabase/auth, internal/api/settings.go).
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { freePort } from '../support/free-port.ts';
import { SmtpSink } from '../support/smtp-sink.ts';
import { doctor } from './support/doctor-run.ts';

const ANON_KEY = 'anon-key-for-the-doctor';

/** A stand-in for Supabase Auth's settings endpoint; it records the apikey each request showed. */
async function supabaseAuth(settings: { disable_signup: boolean; mailer_autoconfirm: boolean }) {
  const keys: (string | undefined)[] = [];
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/auth/v1/settings') {
      response.writeHead(404).end();
      return;
    }
    keys.push(request.headers.apikey as string | undefined);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ external: { email: true, phone: false }, ...settings }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return { host: `127.0.0.1:${port}`, url: `http://127.0.0.1:${port}`, keys };
}

/** The doctor, with a relay that works, for a site built against `supabaseUrl`. */
async function doctorFor(supabaseUrl: string) {
  const sink = await SmtpSink.start();
  onTestFinished(() => sink.down());
  const run = await doctor(sink, {
    VITE_SUPABASE_URL: supabaseUrl,
    VITE_SUPABASE_ANON_KEY: ANON_KEY,
  });
  return { ...run, authLine: run.lineOf('Supabase Auth') };
}

describe('npm run doctor, for a site on hosted Supabase', () => {
  it('says to turn sign-ups off where anyone may sign up and be confirmed at once, and exits 1', async () => {
    const auth = await supabaseAuth({ disable_signup: false, mailer_autoconfirm: true });
    const run = await doctorFor(auth.url);
    expect(run.authLine).toBe(
      `fix Supabase Auth   ${auth.host} lets anyone sign up and confirms their address without asking: anyone can sign up with a password as a member's address that has no user yet, and read every lead at once. Turn off "Allow new users to sign up" (Authentication → Sign In / Providers), and add each member under Authentication → Users.`,
    );
    expect(run.code, run.output).toBe(1);
    expect(auth.keys).toEqual([ANON_KEY]);
  });

  it('says so too where the address must be confirmed first', async () => {
    const auth = await supabaseAuth({ disable_signup: false, mailer_autoconfirm: false });
    const run = await doctorFor(auth.url);
    expect(run.authLine).toMatch(
      /^fix Supabase Auth +\S+ lets anyone sign up with a password: a stranger can register a member's address .* Turn off "Allow new users to sign up"/,
    );
    expect(run.code).toBe(1);
  });

  it('says only added users sign in where sign-ups are off, and exits 0', async () => {
    const auth = await supabaseAuth({ disable_signup: true, mailer_autoconfirm: true });
    const run = await doctorFor(auth.url);
    expect(run.authLine).toBe(
      `ok  Supabase Auth   ${auth.host}: sign-ups are off, so only the users you add sign in`,
    );
    expect(run.code, run.output).toBe(0);
  });

  it('says why it cannot read the settings of a project it cannot reach', async () => {
    // Nothing listens there: the connection is refused.
    const run = await doctorFor(`http://127.0.0.1:${await freePort()}`);
    expect(run.authLine).toMatch(
      /^fix Supabase Auth +cannot read the settings of \S+: connect ECONNREFUSED \S+\. Check VITE_SUPABASE_URL/,
    );
    expect(run.code).toBe(1);
  });
});

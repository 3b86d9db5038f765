import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import ws from 'ws';
import { startServer, type RunningServer, type StartOptions } from '../../../server/start.ts';
import { SmtpSink, type ReceivedMail } from '../../support/smtp-sink.ts';
import { until } from '../../support/until.ts';
import { TEST_PROOF_OF_WORK } from '../../support/proof.ts';
import { RELAXED_LIMITS } from '../../support/inbox-server.ts';
import {
  createPostgresDatabase,
  emptyDataDir,
  freshBackend,
  TEST_RATE_LIMIT,
  type Backend,
} from './backends.ts';
import type { BackendKind } from '../../support/backend-kind.ts';
import { SIGN_IN_CODE_LENGTH } from '../../../shared/sign-in-code.ts';
import { injectFetch, INJECTED_URL } from './inject-fetch.ts';

/** The inbox's member in these tests, and the address lead emails go to. */
export const OWNER = 'owner@example.co.uk';
export const AGENCY = 'agency@example.co.uk';
/** An anon key as the inbox is built with; our server judges only the session's token. */
const ANON_KEY = 'anon-key-for-tests';
/** VITE_SITE_URL as the server reads it: lead emails link into the inbox there. */
export const SITE_URL = 'https://www.example.co.uk';

/** A sign-in code as the server emails one (shared/sign-in-code.ts). */
export const CODE_PATTERN = new RegExp(`^\\d{${SIGN_IN_CODE_LENGTH}}$`);

/**
 * How a test reaches a server: by app.inject() when it opened no port (the
 * default here), over its socket when the test started it with `listen: true`.
 */
export interface Reach {
  /** The base URL to put before /rest/v1 and /auth/v1. */
  url: string;
  fetch: typeof fetch;
  /** supabase-js as the inbox creates it, reaching this server. */
  client(): SupabaseClient;
}

export function reach(server: RunningServer): Reach {
  const fetchImpl = server.app.server.listening ? fetch : injectFetch(server.app);
  const url = server.app.server.listening ? server.url : INJECTED_URL;
  return { url, fetch: fetchImpl, client: () => inboxClient(url, fetchImpl) };
}

export interface InboxServer extends Reach {
  server: RunningServer;
  sink: SmtpSink;
  backend: Backend;
  close(): Promise<void>;
}

/**
 * Our server with delivery to a local SMTP server and OWNER in the allowlist
 * (INBOX_EMAILS), its workers running; reached by app.inject() unless
 * `options.listen` is true (a test whose subject is the socket).
 */
export async function startInboxServer(
  kind: BackendKind,
  options: Partial<StartOptions> = {},
): Promise<InboxServer> {
  const sink = await SmtpSink.start();
  const backend = await freshBackend(kind);
  const server = await startServer({ ...inboxServerOptions(backend, sink), ...options });
  return {
    ...reach(server),
    server,
    sink,
    backend,
    async close() {
      await server.close();
      await sink.down();
      await backend.dispose();
    },
  };
}

/** How startInboxServer starts our server on `backend`: for a test that restarts it there. */
export function inboxServerOptions(backend: Backend, sink: SmtpSink): StartOptions {
  return {
    ...backend.options,
    listen: false,
    port: 0,
    distDir: `${backend.options.dataDir}/no-site`,
    rateLimitPerMinute: TEST_RATE_LIMIT,
    smtpUrl: sink.url,
    notifyEmail: AGENCY,
    inboxEmails: [OWNER],
    siteUrl: SITE_URL,
    // Many sign-ins in a row from one address: the limits have their own test.
    codeRules: RELAXED_LIMITS,
  };
}

/**
 * Inbox servers on one fresh PostgreSQL with one SMTP sink, started one at a
 * time as a rolling start would (each migrates: a no-op after the first);
 * `close` stops them and removes what they used. Each is reached by inject
 * (`reach(server)`): what they share is the database, not a port.
 */
export async function startInstances(
  count: number,
  extra: Partial<StartOptions> = {},
): Promise<{ servers: RunningServer[]; sink: SmtpSink; close: () => Promise<void> }> {
  const sink = await SmtpSink.start();
  const database = await createPostgresDatabase();
  const { dataDir, remove } = emptyDataDir();
  const servers: RunningServer[] = [];
  for (let i = 0; i < count; i++) {
    servers.push(
      await startServer({
        databaseUrl: database.url,
        dataDir,
        distDir: `${dataDir}/no-site`,
        listen: false,
        port: 0,
        rateLimitPerMinute: TEST_RATE_LIMIT,
        proofOfWork: TEST_PROOF_OF_WORK,
        smtpUrl: sink.url,
        notifyEmail: AGENCY,
        inboxEmails: [OWNER],
        codeRules: RELAXED_LIMITS,
        ...extra,
      }),
    );
  }
  const close = async () => {
    for (const server of servers) await server.close();
    await sink.down();
    await database.drop();
    remove();
  };
  return { servers, sink, close };
}

/** supabase-js as the inbox creates it: no storage, no timers, nothing read from the URL. */
export function inboxClient(url: string, fetchImpl?: typeof fetch): SupabaseClient {
  return createClient(url, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no WebSocket; the inbox never opens one.
    realtime: { transport: ws as unknown as typeof WebSocket },
    ...(fetchImpl && { global: { fetch: fetchImpl } }),
  });
}

/** The code in the newest sign-in email to `email`, once it has arrived after `before` messages. */
export async function codeSentTo(sink: SmtpSink, email: string, before = 0): Promise<string> {
  const mail = await until(
    () => sink.received.slice(before).findLast((m) => m.envelopeTo.includes(email)),
    15_000,
    `a sign-in code for ${email}`,
    (found): found is ReceivedMail => found !== undefined,
  );
  const code = new RegExp(`^(\\d{${SIGN_IN_CODE_LENGTH}})$`, 'm').exec(
    mail!.bodies['text/plain'] ?? '',
  )?.[1];
  expect(code, 'the code on a line of its own').toMatch(CODE_PATTERN);
  return code!;
}

/** Sign-in as the inbox does it: ask for a code, read it from the email, type it in. */
export async function signIn(client: SupabaseClient, sink: SmtpSink, email = OWNER) {
  const before = sink.received.length;
  const sent = await client.auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
  expect(sent.error).toBeNull();
  const token = await codeSentTo(sink, email, before);
  const verified = await client.auth.verifyOtp({ email, token, type: 'email' });
  expect(verified.error).toBeNull();
  return verified.data.session!;
}

/** A lead as the owner stores it (the insert's own rules are tested elsewhere). */
export async function storeLead(
  server: RunningServer,
  fields: {
    name: string;
    email: string;
    message: string;
    suspected_spam?: boolean;
    /** When it arrived (default now): a test whose deadlines matter sets it, never the wall clock. */
    created_at?: Date;
  },
): Promise<number> {
  const [row] = await server.query(
    `insert into public.contact_submissions (name, email, message, suspected_spam, created_at)
     values ($1, $2, $3, $4, coalesce($5::timestamptz, now())) returning id`,
    [
      fields.name,
      fields.email,
      fields.message,
      fields.suspected_spam ?? false,
      fields.created_at?.toISOString() ?? null,
    ],
  );
  return Number(row!.id);
}

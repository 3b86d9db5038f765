import { randomBytes, randomInt } from 'node:crypto';
import type { Database, Row } from '../db/database.ts';
import type { SessionUser } from './access-token.ts';

/**
 * The code's rules (docs/inbox.md), kept by the database functions of
 * 20261125040000_inbox_sign_in.sql so every instance on one database shares them.
 */
export interface CodeRules {
  lifetimeSeconds: number;
  maxWrongTries: number;
  emailGapSeconds: number;
  emailPerHour: number;
  clientPerHour: number;
}

export const CODE_RULES: Readonly<CodeRules> = {
  /** A code works for 10 minutes. */
  lifetimeSeconds: 600,
  /** ...and is dead at the fifth wrong try. */
  maxWrongTries: 5,
  /** One code a minute per address (GoTrue's default gap), and at most 5 an hour. */
  emailGapSeconds: 60,
  emailPerHour: 5,
  /** Per client address: enough for a small team behind one office router. */
  clientPerHour: 30,
};

/** Six digits, from a secure source. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** A refresh token: 32 random bytes. Stored only as its hash. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A refresh token as stored: HMAC-SHA256 under the database's key (app_private.auth_hash). */
const REFRESH_HASH = (param: string) => `app_private.auth_hash('refresh:' || ${param})`;

export type CodeRequest = 'send' | 'ignore' | 'email_limit' | 'client_limit';

/** One statement for any address: a member's and a stranger's requests cost the same. */
export async function requestCode(
  database: Database,
  rules: CodeRules,
  email: string,
  clientAddress: string,
  code: string,
): Promise<CodeRequest> {
  const [row] = await database.query(
    'select app_private.auth_request_code($1, $2, $3, $4, $5, $6, $7) as outcome',
    [
      email,
      clientAddress,
      code,
      rules.lifetimeSeconds,
      rules.emailGapSeconds,
      rules.emailPerHour,
      rules.clientPerHour,
    ],
  );
  return row!.outcome as CodeRequest;
}

/** A new session for a right code, or undefined. */
export async function verifyCode(
  database: Database,
  rules: CodeRules,
  email: string,
  code: string,
  refreshToken: string,
): Promise<SessionUser | undefined> {
  const rows = await database.query(
    `select * from app_private.auth_verify_code($1, $2, ${REFRESH_HASH('$3')}, $4)`,
    [email, code, refreshToken, rules.maxWrongTries],
  );
  return sessionUser(rows);
}

/** The session a refresh token belongs to, with the token replaced by the next; or undefined. */
export async function rotateRefreshToken(
  database: Database,
  oldToken: string,
  newToken: string,
): Promise<SessionUser | undefined> {
  const rows = await database.query(
    `select * from app_private.auth_rotate_refresh(${REFRESH_HASH('$1')}, ${REFRESH_HASH('$2')})`,
    [oldToken, newToken],
  );
  return sessionUser(rows);
}

/** The session's member, while both the session and the membership last. */
export async function liveSession(
  database: Database,
  sessionId: string,
): Promise<SessionUser | undefined> {
  const rows = await database.query(
    `select s.id as session_id, m.user_id, m.email, m.added_at
     from app_private.auth_sessions s join app_private.inbox_members m on m.email = s.email
     where s.id = $1::uuid`,
    [sessionId],
  );
  return sessionUser(rows);
}

/** Sign-out: the session and all its refresh tokens end. */
export async function endSession(database: Database, sessionId: string): Promise<void> {
  await database.query('delete from app_private.auth_sessions where id = $1::uuid', [sessionId]);
}

/** Signing out everywhere also turns alerts off on every device of the member (docs/alerts.md). */
export async function forgetPushDevices(database: Database, email: string): Promise<void> {
  await database.query('delete from public.push_devices where member = $1', [email]);
}

function sessionUser(rows: Row[]): SessionUser | undefined {
  const row = rows[0];
  if (!row) return undefined;
  return {
    sessionId: String(row.session_id),
    userId: String(row.user_id),
    email: String(row.email),
    addedAt: new Date(row.added_at as string).toISOString(),
  };
}

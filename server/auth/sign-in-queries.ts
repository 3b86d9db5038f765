import { randomBytes, randomInt } from 'node:crypto';
import type { Database, Row } from '../db/database.ts';
import type { SessionUser } from './access-token.ts';
import { SIGN_IN_CODE_LENGTH } from '../../shared/sign-in-code.ts';

/**
 * The code's rules (docs/inbox.md), kept by the database functions of
 * 20261126030000_sign_in_limits.sql so every instance on one database shares them.
 * Limits per address and client address together give a member's own requests
 * and tries a budget no stranger elsewhere can use up; the higher caps per
 * address bound the emails one address gets and the guesses made at its codes.
 */
export interface CodeRules {
  lifetimeSeconds: number;
  /** Per address and client address together. */
  pairGapSeconds: number;
  pairPerHour: number;
  wrongPerPairPerHour: number;
  /** Per address, from all client addresses. */
  emailPerHour: number;
  wrongPerEmailPerHour: number;
  /** Per client address, whatever addresses it asks for. */
  clientPerHour: number;
}

export const CODE_RULES: Readonly<CodeRules> = {
  /** A code works for 10 minutes, until it is used; asking again does not end it. */
  lifetimeSeconds: 600,
  /** One code a minute (GoTrue's gap) and 3 an hour to one address from one client address: a member asks once, maybe twice. */
  pairGapSeconds: 60,
  pairPerHour: 3,
  /** 5 wrong tries an hour from one client address: room for typing slips. */
  wrongPerPairPerHour: 5,
  /** 15 code emails an hour to one address: to use them up a stranger needs 5 client addresses each hour. */
  emailPerHour: 15,
  /** 50 wrong tries an hour at one address: with 15 live codes at most, a year of guessing has about a 0.07 % chance. */
  wrongPerEmailPerHour: 50,
  /** Per client address: enough for a small team behind one office router. */
  clientPerHour: 30,
};

/** A code of SIGN_IN_CODE_LENGTH digits, from a secure source. */
export function newCode(): string {
  return String(randomInt(0, 10 ** SIGN_IN_CODE_LENGTH)).padStart(SIGN_IN_CODE_LENGTH, '0');
}

/** A session's first refresh token: 32 random bytes; the next ones derive from it (auth_next_refresh). Stored only as its hash. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A refresh token as stored: HMAC-SHA256 under the database's key (app_private.auth_hash). */
const REFRESH_HASH = (param: string) => `app_private.auth_hash('refresh:' || ${param})`;

/** 'send' a member's code, 'ignore' a stranger's address, or the limit reached (GoTrue's 429s). */
type CodeOutcome = 'send' | 'ignore' | 'email_gap' | 'email_limit' | 'client_limit';

/** The outcome, and for 'email_gap' the whole seconds left until another code may be asked for. */
export type CodeRequest = { outcome: CodeOutcome; waitSeconds: number | null };

/** One statement for any address: a member's and a stranger's requests cost the same. */
export async function requestCode(
  database: Database,
  rules: CodeRules,
  email: string,
  clientAddress: string,
  code: string,
): Promise<CodeRequest> {
  const [row] = await database.query(
    'select * from app_private.auth_ask_code($1, $2, $3, $4, $5, $6, $7, $8)',
    [
      email,
      clientAddress,
      code,
      rules.lifetimeSeconds,
      rules.pairGapSeconds,
      rules.pairPerHour,
      rules.emailPerHour,
      rules.clientPerHour,
    ],
  );
  return { outcome: row!.outcome as CodeOutcome, waitSeconds: row!.wait_seconds as number | null };
}

/** A new session for a right code, 'wrong', or 'limit' when no more tries are taken this hour. */
export async function verifyCode(
  database: Database,
  rules: CodeRules,
  attempt: { email: string; clientAddress: string; code: string },
  refreshToken: string,
): Promise<SessionUser | 'wrong' | 'limit'> {
  const rows = await database.query(
    `select * from app_private.auth_verify_code($1, $2, $3, ${REFRESH_HASH('$4')}, $5, $6)`,
    [
      attempt.email,
      attempt.clientAddress,
      attempt.code,
      refreshToken,
      rules.wrongPerPairPerHour,
      rules.wrongPerEmailPerHour,
    ],
  );
  const outcome = rows[0]?.outcome;
  if (outcome === 'wrong' || outcome === 'limit') return outcome;
  return sessionUser(rows) ?? 'wrong';
}

/**
 * GoTrue's GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL (its default): a used
 * refresh token shown again this soon after its use still gets the session's
 * live token, as two tabs or a retried request can send it.
 */
const REFRESH_REUSE_SECONDS = 10;

/**
 * A refresh token exchanged for the session's next (or, shown again, its
 * live one, as GoTrue gives back: auth_rotate_refresh); 'already_used' when
 * it was used too long ago, which ends the session; undefined when unknown.
 */
export async function rotateRefreshToken(
  database: Database,
  presented: string,
): Promise<{ user: SessionUser; refreshToken: string } | 'already_used' | undefined> {
  const rows = await database.query('select * from app_private.auth_rotate_refresh($1, $2)', [
    presented,
    REFRESH_REUSE_SECONDS,
  ]);
  if (rows[0]?.outcome === 'already_used') return 'already_used';
  const user = sessionUser(rows);
  return user && { user, refreshToken: String(rows[0]!.refresh_token) };
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

/** supabase-js's signOut scopes, as GoTrue reads them: this session, every one, or all but this. */
export type SignOutScope = 'local' | 'global' | 'others';

/**
 * Sign-out as GoTrue's /logout does it: the sessions end, and their refresh
 * tokens with them (on delete cascade); their access tokens then read nothing
 * (public.inbox_is_member() wants a live session).
 */
export async function endSessions(
  database: Database,
  user: SessionUser,
  scope: SignOutScope,
): Promise<void> {
  // Only the parameters a scope names: PostgreSQL cannot type one left unused.
  const [which, params]: [string, string[]] = {
    local: ['id = $1::uuid', [user.sessionId]] as [string, string[]],
    global: ['email = $1', [user.email]] as [string, string[]],
    others: ['email = $1 and id <> $2::uuid', [user.email, user.sessionId]] as [string, string[]],
  }[scope];
  await database.query(`delete from app_private.auth_sessions where ${which}`, params);
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

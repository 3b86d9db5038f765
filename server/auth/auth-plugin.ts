import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { DatabaseUnavailableError, type Database } from '../db/database.ts';
import { loggableError } from '../loggable-error.ts';
import { allowOrigins } from '../rest/cors.ts';
import {
  ACCESS_TOKEN_SECONDS,
  bearerOf,
  checkAccessToken,
  signAccessToken,
  signingKeyOf,
  type SessionUser,
} from './access-token.ts';
import { readAuthBody, readEmail, readRefreshToken, readVerifyBody } from './auth-body.ts';
import type { CodeMailer } from './code-mailer.ts';
import { authError, GoTrueError, sendAuthError } from './gotrue-error.ts';
import {
  CODE_RULES,
  endSessions,
  forgetPushDevices,
  type CodeRules,
  liveSession,
  newCode,
  newRefreshToken,
  requestCode,
  rotateRefreshToken,
  type SignOutScope,
  verifyCode,
} from './sign-in-queries.ts';
import { userJson } from './user-json.ts';
import { readSignInCode } from '../../shared/sign-in-code.ts';
import { isJsonType } from '../rest/request-body.ts';
import { AUTH_PREFIX } from '../../shared/paths.ts';

/** A database that is down is usually back within seconds. */
const RETRY_AFTER_SECONDS = 5;

export interface AuthApiOptions {
  database: Database;
  mailer: CodeMailer;
  corsOrigins?: readonly string[];
  /** Tests only: shorter gaps and higher limits than CODE_RULES. */
  codeRules?: Partial<CodeRules>;
}

/**
 * The part of Supabase Auth (GoTrue) the inbox uses, as auth-js sends it
 * (tests/server/inbox-auth-contract.test.ts): sign-in with an emailed code
 * for allowlisted addresses, refresh, the user, sign-out. Everything else
 * under /auth/v1 gets GoTrue's own error. The rules are in docs/inbox.md.
 */
export const authApi: FastifyPluginAsync<AuthApiOptions> = async (
  app,
  { database, mailer, corsOrigins = [], codeRules },
) => {
  const rules: CodeRules = { ...CODE_RULES, ...codeRules };
  await allowOrigins(app, corsOrigins);
  app.removeAllContentTypeParsers();
  // Only JSON, as /rest/v1: a text/plain or form body is what another site's
  // page can make its visitors' browsers send without asking (a no-cors fetch).
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body, done) => {
    if (isJsonType(request.headers['content-type'])) done(null, body);
    else done(authError.contentType(request.headers['content-type']), undefined);
  });
  const signingKey = signingKeyOf(database);

  app.setErrorHandler((error, request, reply) => {
    const answer = toGoTrueError(error, request);
    if (answer.status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return sendAuthError(request, reply, answer);
  });
  app.setNotFoundHandler((request, reply) => sendAuthError(request, reply, authError.notFound()));
  // Any other method or path under /auth/v1 (GET /otp, /settings, …) is GoTrue's 404 too: the
  // route keeps these paths from the static site's catch-all, whose 404 is Fastify's shape.
  for (const path of ['/', '/*']) {
    app.all(path, async () => {
      throw authError.notFound();
    });
  }
  app.addHook('onSend', async (_, reply) => {
    // Answers carry codes' outcomes, tokens and the user: never stored by a cache.
    reply.header('cache-control', 'no-store');
  });

  const session = async (request: FastifyRequest, user: SessionUser, refreshToken: string) => {
    const issuer = `${request.protocol}://${request.host}${AUTH_PREFIX}`;
    const { token, expiresAt } = await signAccessToken(await signingKey(), user, issuer);
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: userJson(user),
    };
  };

  // signInWithOtp({ email, options: { shouldCreateUser: false } }). The same
  // answer for any address; only a member is emailed, after the answer.
  app.post('/otp', async (request, reply) => {
    const body = readAuthBody(request.body as Buffer | undefined);
    const email = readEmail(body.email);
    const code = newCode();
    const { outcome, waitSeconds } = await requestCode(database, rules, email, request.ip, code);
    if (outcome === 'email_gap') throw authError.emailGap(waitSeconds ?? rules.pairGapSeconds);
    if (outcome === 'email_limit') throw authError.emailRateLimit();
    if (outcome === 'client_limit') throw authError.requestRateLimit();
    if (outcome === 'send') mailer.queue(email, code);
    return reply.code(200).send({});
  });

  // verifyOtp({ email, token, type: 'email' }).
  app.post('/verify', async (request, reply) => {
    const body = readAuthBody(request.body as Buffer | undefined);
    const { email, typed } = readVerifyBody(body);
    // Not the code's length: it cannot be right, so it costs no try.
    const code = readSignInCode(typed);
    if (!code) throw authError.otpExpired();
    const refreshToken = newRefreshToken();
    const attempt = { email, clientAddress: request.ip, code };
    const outcome = await verifyCode(database, rules, attempt, refreshToken);
    if (outcome === 'limit') throw authError.requestRateLimit();
    if (outcome === 'wrong') throw authError.otpExpired();
    return reply.send(await session(request, outcome, refreshToken));
  });

  // refreshSession(): the refresh token is used up and the next one given. Shown again soon,
  // or just before the live one, it gets the live one back, as GoTrue answers a retry whose
  // answer was lost (auth-js retries a refresh on a network error or a 5xx) or two tabs at once.
  app.post<{ Querystring: { grant_type?: string } }>('/token', async (request, reply) => {
    if (request.query.grant_type !== 'refresh_token') throw authError.unsupportedGrant();
    const body = readAuthBody(request.body as Buffer | undefined);
    const old = readRefreshToken(body.refresh_token);
    // Not shaped as ours are: GoTrue's answer for a string that cannot be one of its tokens.
    if (!old) throw authError.validation('Refresh token is not valid');
    const rotated = await rotateRefreshToken(database, old);
    if (rotated === 'already_used') throw authError.refreshAlreadyUsed();
    if (!rotated) throw authError.refreshNotFound();
    return reply.send(await session(request, rotated.user, rotated.refreshToken));
  });

  /** The live session behind a bearer token: a removed member's or a signed-out one has none. */
  const sessionOf = async (request: FastifyRequest): Promise<SessionUser> => {
    const token = bearerOf(request.headers.authorization);
    if (!token) throw authError.noAuthorization();
    const checked = await checkAccessToken(token, await signingKey());
    if (!checked.ok) {
      throw authError.badJwt(
        `invalid JWT: unable to parse or verify signature, ${checked.message}`,
      );
    }
    const sessionId = checked.claims.session_id;
    if (typeof sessionId !== 'string' || !/^[0-9a-f-]{36}$/i.test(sessionId)) {
      throw authError.badJwt('invalid claim: session_id claim must be a UUID');
    }
    const user = await liveSession(database, sessionId);
    if (!user) throw authError.sessionNotFound();
    return user;
  };

  app.get('/user', async (request, reply) => reply.send(userJson(await sessionOf(request))));

  // signOut({ scope }): global (supabase-js's default) ends every session of
  // the member, local this one, others all but this one; refresh tokens go with them.
  app.post<{ Querystring: { scope?: string } }>('/logout', async (request, reply) => {
    const user = await sessionOf(request);
    const scope = signOutScope(request.query.scope);
    await endSessions(database, user, scope);
    // GoTrue's signOut({ scope: 'global' }): no device keeps receiving the member's alerts.
    if (scope === 'global') await forgetPushDevices(database, user.email);
    return reply.code(204).send();
  });
};

/** GoTrue's reading of ?scope=: none is global, anything unknown a 400. */
function signOutScope(given: string | undefined): SignOutScope {
  if (given === undefined || given === '' || given === 'global') return 'global';
  if (given === 'local' || given === 'others') return given;
  throw authError.validation(`Unsupported logout scope ${JSON.stringify(given)}`);
}

function toGoTrueError(error: unknown, request: FastifyRequest): GoTrueError {
  if (error instanceof GoTrueError) return error;
  if (error instanceof DatabaseUnavailableError) {
    request.log.error({ error: loggableError(error.reason) }, 'database unavailable');
    return authError.unavailable();
  }
  const status = (error as { statusCode?: number }).statusCode;
  if (status === 413) return authError.validation('Request body too large');
  if (status !== undefined && status >= 400 && status < 500) return authError.badJson();
  const reference = randomUUID();
  request.log.error(
    { error: loggableError(error), reference },
    'unexpected error answering an auth request',
  );
  return authError.unexpected();
}

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
import { readAuthBody, readEmail } from './auth-body.ts';
import type { CodeMailer } from './code-mailer.ts';
import { authError, GoTrueError, sendAuthError } from './gotrue-error.ts';
import {
  CODE_RULES,
  endSession,
  forgetPushDevices,
  type CodeRules,
  liveSession,
  newCode,
  newRefreshToken,
  requestCode,
  rotateRefreshToken,
  verifyCode,
} from './sign-in-queries.ts';
import { userJson } from './user-json.ts';

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
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_, body, done) => done(null, body));
  const signingKey = signingKeyOf(database);

  app.setErrorHandler((error, request, reply) => {
    const answer = toGoTrueError(error, request);
    if (answer.status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return sendAuthError(request, reply, answer);
  });
  app.setNotFoundHandler((request, reply) => sendAuthError(request, reply, authError.notFound()));
  app.addHook('onSend', async (_, reply) => {
    // Answers carry codes' outcomes, tokens and the user: never stored by a cache.
    reply.header('cache-control', 'no-store');
  });

  const session = async (request: FastifyRequest, user: SessionUser, refreshToken: string) => {
    const issuer = `${request.protocol}://${request.host}/auth/v1`;
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
    const outcome = await requestCode(database, rules, email, request.ip, code);
    if (outcome === 'email_limit') throw authError.emailRateLimit(rules.emailGapSeconds);
    if (outcome === 'client_limit') throw authError.requestRateLimit();
    if (outcome === 'send') mailer.queue(email, code);
    return reply.code(200).send({});
  });

  // verifyOtp({ email, token, type: 'email' }).
  app.post('/verify', async (request, reply) => {
    const body = readAuthBody(request.body as Buffer | undefined);
    if (body.type !== 'email') throw authError.validation('Verify requires a verification type');
    const email = readEmail(body.email);
    const code = typeof body.token === 'string' ? body.token.trim() : '';
    if (!code) throw authError.validation('Verify requires a token or a token hash');
    const refreshToken = newRefreshToken();
    const user = await verifyCode(database, rules, email, code, refreshToken);
    if (!user) throw authError.otpExpired();
    return reply.send(await session(request, user, refreshToken));
  });

  // refreshSession(): the refresh token is used up and a new one given.
  app.post<{ Querystring: { grant_type?: string } }>('/token', async (request, reply) => {
    if (request.query.grant_type !== 'refresh_token') throw authError.unsupportedGrant();
    const body = readAuthBody(request.body as Buffer | undefined);
    const old = typeof body.refresh_token === 'string' ? body.refresh_token : '';
    if (!old) throw authError.refreshNotFound();
    const refreshToken = newRefreshToken();
    const user = await rotateRefreshToken(database, old, refreshToken);
    if (!user) throw authError.refreshNotFound();
    return reply.send(await session(request, user, refreshToken));
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

  // signOut(): this session ends, and its refresh tokens with it.
  app.post('/logout', async (request, reply) => {
    const user = await sessionOf(request);
    await endSession(database, user.sessionId);
    // GoTrue's signOut({ scope: 'global' }): no device keeps receiving the member's alerts.
    if ((request.query as { scope?: unknown }).scope === 'global') {
      await forgetPushDevices(database, user.email);
    }
    return reply.code(204).send();
  });
};

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

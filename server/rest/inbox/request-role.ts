import type { FastifyRequest } from 'fastify';
import { bearerOf, checkAccessToken, type AccessClaims } from '../../auth/access-token.ts';
import { PostgrestError } from '../postgrest-error.ts';

/** Who a read runs as, and the claims PostgREST would publish for it. */
export interface RequestRole {
  role: 'anon' | 'authenticated';
  claims: AccessClaims | { role: 'anon' };
}

/** PostgREST's 401 for a token it cannot accept, with its WWW-Authenticate. */
function refuseToken(code: 'PGRST301' | 'PGRST303', message: string): PostgrestError {
  return new PostgrestError(401, code, message, null, null, {
    'www-authenticate': `Bearer error="invalid_token", error_description="${message}"`,
  });
}

/**
 * As PostgREST decides it: no bearer token is anon; a token must be HS256
 * under the database's key, unexpired, for audience `authenticated`, and name
 * a role we serve. Anything forged or expired is a 401, never a read as anon.
 */
export async function requestRole(
  request: FastifyRequest,
  signingKey: () => Promise<Uint8Array>,
): Promise<RequestRole> {
  const token = bearerOf(request.headers.authorization);
  if (!token) return { role: 'anon', claims: { role: 'anon' } };
  const checked = await checkAccessToken(token, await signingKey());
  if (!checked.ok) {
    throw refuseToken(checked.reason === 'expired' ? 'PGRST303' : 'PGRST301', checked.message);
  }
  const { role } = checked.claims;
  if (role !== 'authenticated' && role !== 'anon') {
    throw refuseToken('PGRST303', 'JWT claims validation failed');
  }
  return { role, claims: checked.claims };
}

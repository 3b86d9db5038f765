import type { FastifyRequest } from 'fastify';
import { refuse } from './submission-errors.ts';

/** Accept types PostgREST can answer an insert with; postgrest-js sends the pgrst ones. */
const ACCEPTABLE = new Set([
  '*/*',
  'application/*',
  'application/json',
  'application/vnd.pgrst.object+json',
  'application/vnd.pgrst.array+json',
  'text/csv',
]);

/** Only `public` is exposed, as on Supabase by default. */
export function checkProfile(request: FastifyRequest): void {
  const readOnly = request.method === 'GET' || request.method === 'HEAD';
  const profile = request.headers[readOnly ? 'accept-profile' : 'content-profile'];
  if (profile !== undefined && profile !== 'public') throw refuse.schema(String(profile));
}

export function checkAccept(accept: string | undefined): void {
  if (!accept?.trim()) return;
  const types = accept.split(',').map((item) => item.split(';')[0]!.trim().toLowerCase());
  if (!types.some((type) => ACCEPTABLE.has(type))) throw refuse.notAcceptable(accept);
}

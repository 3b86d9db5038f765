import type { BadInput } from './bad-input.ts';
import { VALID } from '../../support/requests.ts';

const notImplemented = { status: 400, code: 'PGRST127' };

/**
 * Other methods and paths under /rest/v1: no client of ours sends them, so
 * each gets PostgREST's "not implemented" and nothing is stored.
 */
export const BAD_ROUTES: BadInput[] = (
  [
    { name: 'GET (select)', method: 'GET', url: '/rest/v1/contact_submissions?select=*' },
    { name: 'HEAD (count)', method: 'HEAD', url: '/rest/v1/contact_submissions' },
    {
      name: 'PATCH (update)',
      method: 'PATCH',
      url: '/rest/v1/contact_submissions?id=eq.1',
      body: { status: 'spam' },
    },
    {
      name: 'PUT (upsert)',
      method: 'PUT',
      url: '/rest/v1/contact_submissions?id=eq.1',
      body: VALID,
    },
    { name: 'DELETE', method: 'DELETE', url: '/rest/v1/contact_submissions?id=gt.0' },
    { name: 'OPTIONS, not a preflight', method: 'OPTIONS', url: '/rest/v1/contact_submissions' },
    // light-my-request's types list only the common methods; it sends any.
    { name: 'PROPFIND', method: 'PROPFIND' as 'GET', url: '/rest/v1/contact_submissions' },
    { name: 'POST to another table', url: '/rest/v1/users', body: VALID },
    { name: 'POST to another function', url: '/rest/v1/rpc/delete_everything', body: {} },
    { name: 'GET the challenge', method: 'GET', url: '/rest/v1/rpc/contact_challenge' },
    { name: 'POST to a row path', url: '/rest/v1/contact_submissions/1', body: VALID },
    { name: 'GET the root', method: 'GET', url: '/rest/v1/' },
  ] satisfies Omit<BadInput, 'status' | 'code'>[]
).map((input) => ({ ...input, ...notImplemented }));

/** A URL Fastify cannot decode never reaches a route (server/app.ts). */
BAD_ROUTES.push({
  name: 'an undecodable path',
  method: 'GET',
  url: '/rest/v1/%E0%A4%A',
  status: 400,
  code: 'PGRST125',
});

import type { BadInput } from './bad-input.ts';
import { VALID } from './requests.ts';

/** Other methods and paths under /rest/v1: all refused, nothing stored. */
export const BAD_ROUTES: BadInput[] = [
  {
    name: 'GET (select)',
    method: 'GET',
    url: '/rest/v1/contact_submissions?select=*',
    status: 401,
    code: '42501',
  },
  {
    name: 'HEAD (count)',
    method: 'HEAD',
    url: '/rest/v1/contact_submissions',
    status: 401,
    code: '42501',
  },
  {
    name: 'PATCH (update)',
    method: 'PATCH',
    url: '/rest/v1/contact_submissions?id=eq.1',
    body: { status: 'spam' },
    status: 401,
    code: '42501',
  },
  {
    name: 'PUT (upsert)',
    method: 'PUT',
    url: '/rest/v1/contact_submissions?id=eq.1',
    body: VALID,
    status: 401,
    code: '42501',
  },
  {
    name: 'DELETE',
    method: 'DELETE',
    url: '/rest/v1/contact_submissions?id=gt.0',
    status: 401,
    code: '42501',
  },
  {
    name: 'POST to another table',
    url: '/rest/v1/users',
    body: VALID,
    status: 404,
    code: 'PGRST205',
  },
  {
    name: 'POST to a function',
    url: '/rest/v1/rpc/delete_everything',
    body: {},
    status: 404,
    code: 'PGRST202',
  },
  {
    name: 'POST to a row path',
    url: '/rest/v1/contact_submissions/1',
    body: VALID,
    status: 404,
    code: 'PGRST125',
  },
  { name: 'GET the root', method: 'GET', url: '/rest/v1/', status: 404, code: 'PGRST126' },
  {
    name: 'an undecodable path',
    method: 'GET',
    url: '/rest/v1/%E0%A4%A',
    status: 400,
    code: 'PGRST125',
  },
];

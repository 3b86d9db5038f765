import type { BadInput } from './bad-input.ts';
import { VALID } from '../../support/requests.ts';

/** Columns that do not exist or that anon may not write, and query parameters and preferences no client of ours sends. */
export const BAD_COLUMNS: BadInput[] = [
  { name: 'an unknown column', body: { ...VALID, phone: '0123' }, status: 400, code: 'PGRST204' },
  {
    name: 'a __proto__ key',
    raw: `{"__proto__":{"x":1},${JSON.stringify(VALID).slice(1)}`,
    status: 400,
    code: 'PGRST204',
  },
  {
    name: 'a constructor key',
    body: { ...VALID, constructor: 'x' },
    status: 400,
    code: 'PGRST204',
  },
  { name: 'an empty key', body: { ...VALID, '': 'x' }, status: 400, code: 'PGRST204' },
  {
    name: 'a key that is SQL',
    body: { ...VALID, 'name"; drop table contact_submissions; --': 'x' },
    status: 400,
    code: 'PGRST204',
  },
  // postgrest-js sends ?columns with an array and ?select to read the row back: neither is ours.
  {
    name: '?columns',
    body: VALID,
    url: '/rest/v1/contact_submissions?columns=name,email,message',
    status: 400,
    code: 'PGRST127',
  },
  {
    name: '?select',
    body: VALID,
    url: '/rest/v1/contact_submissions?select=*',
    status: 400,
    code: 'PGRST127',
  },
  {
    name: 'a filter',
    body: VALID,
    url: '/rest/v1/contact_submissions?id=eq.1',
    status: 400,
    code: 'PGRST127',
  },
  { name: 'setting the id', body: { ...VALID, id: 1 }, status: 401, code: '42501' },
  { name: 'setting the status', body: { ...VALID, status: 'closed' }, status: 401, code: '42501' },
  {
    name: 'setting created_at',
    body: { ...VALID, created_at: '2000-01-01' },
    status: 401,
    code: '42501',
  },

  // Preferences no client of ours sends: reading back, counting, merging, rolling back.
  ...[
    'return=representation',
    'return=headers-only',
    'count=exact',
    'missing=default',
    'resolution=merge-duplicates',
    'tx=rollback',
    'handling=strict, bogus=1',
    'frobnicate=1',
  ].map((prefer) => ({
    name: `Prefer: ${prefer}`,
    body: VALID,
    headers: { prefer },
    status: 400,
    code: 'PGRST127',
  })),
];

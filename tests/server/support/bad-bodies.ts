import { gzipSync } from 'node:zlib';
import type { BadInput } from './bad-input.ts';
import { MAX_BODY_BYTES } from '../../../server/rest/rest-plugin.ts';
import { VALID } from '../../support/requests.ts';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** Bodies that are not one JSON object, and media types that are not JSON. */
export const BAD_BODIES: BadInput[] = [
  { name: 'empty body', raw: '', status: 400, code: 'PGRST102' },
  { name: 'whitespace body', raw: '  \n ', status: 400, code: 'PGRST102' },
  { name: 'truncated JSON', raw: '{"name": "Jane"', status: 400, code: 'PGRST102' },
  { name: 'trailing garbage', raw: `${JSON.stringify(VALID)}x`, status: 400, code: 'PGRST102' },
  { name: 'single quotes', raw: "{'name': 'Jane'}", status: 400, code: 'PGRST102' },
  { name: 'byte order mark', raw: `\ufeff${JSON.stringify(VALID)}`, status: 400, code: 'PGRST102' },
  {
    name: 'invalid UTF-8 bytes',
    raw: Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    status: 400,
    code: 'PGRST102',
  },
  {
    name: 'a surrogate encoded as UTF-8 bytes (CESU)',
    raw: Buffer.concat([
      Buffer.from('{"name":"'),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from('","email":"a@b.co","message":"x"}'),
    ]),
    status: 400,
    code: 'PGRST102',
  },
  {
    name: 'raw newline inside a JSON string',
    raw: '{"name":"Ja\nne","email":"a@b.co","message":"x"}',
    status: 400,
    code: 'PGRST102',
  },
  { name: 'a number', body: 42, status: 400, code: 'PGRST102' },
  { name: 'a string', body: 'Jane', status: 400, code: 'PGRST102' },
  { name: 'null', body: null, status: 400, code: 'PGRST102' },
  { name: 'true', body: true, status: 400, code: 'PGRST102' },
  // A JSON array is a bulk insert, which no client of ours sends: not implemented.
  { name: 'a one-row array', body: [VALID], status: 400, code: 'PGRST127' },
  { name: 'an empty array', body: [], status: 400, code: 'PGRST127' },
  { name: 'a bulk insert of two', body: [VALID, VALID], status: 400, code: 'PGRST127' },
  { name: 'an array holding a number', body: [1], status: 400, code: 'PGRST127' },
  { name: 'arrays nested 20,000 deep', raw: nested(20_000), status: 400, code: 'PGRST127' },
  {
    name: 'a proof of work of arrays nested 20,000 deep',
    raw: `${JSON.stringify(VALID).slice(0, -1)},"proof":${nested(20_000)}}`,
    status: 400,
    code: '54001',
  },
  {
    name: 'gzip-encoded body',
    raw: gzipSync(JSON.stringify(VALID)),
    headers: { 'content-encoding': 'gzip' },
    status: 400,
    code: 'PGRST102',
  },
  {
    name: 'a body over the limit',
    // Over the limit whatever it allows for the proof of work.
    body: { ...VALID, message: 'x'.repeat(MAX_BODY_BYTES + 1) },
    status: 413,
    code: 'PGRST102',
  },

  // Media types.
  {
    name: 'text/plain',
    raw: JSON.stringify(VALID),
    headers: { 'content-type': 'text/plain' },
    status: 415,
    code: 'PGRST102',
  },
  {
    name: 'a urlencoded form',
    raw: 'name=Jane&email=jane%40example.com&message=hi',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    status: 415,
    code: 'PGRST102',
  },
  {
    name: 'multipart',
    raw: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nJane\r\n--x--\r\n',
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
    status: 415,
    code: 'PGRST102',
  },
  {
    name: 'CSV (a bulk insert)',
    raw: 'name,email,message\nJane,a@b.co,hi',
    headers: { 'content-type': 'text/csv' },
    status: 415,
    code: 'PGRST102',
  },
  {
    name: 'JSON in latin1',
    body: VALID,
    headers: { 'content-type': 'application/json; charset=latin1' },
    status: 415,
    code: 'PGRST102',
  },
  {
    name: 'a look-alike media type',
    body: VALID,
    headers: { 'content-type': 'application/jsonx' },
    status: 415,
    code: 'PGRST102',
  },
  {
    name: 'an unexposed schema',
    body: VALID,
    headers: { 'content-profile': 'private' },
    status: 406,
    code: 'PGRST106',
  },
  {
    name: 'an unanswerable Accept',
    body: VALID,
    headers: { accept: 'image/png' },
    status: 406,
    code: 'PGRST107',
  },
];

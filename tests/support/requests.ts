import type { FastifyInstance, InjectOptions } from 'fastify';
import type { ContactSubmission } from '../../shared/validation.ts';
import { proofFrom } from './proof.ts';

export const TABLE_URL = '/rest/v1/contact_submissions';

export const VALID: ContactSubmission = {
  name: 'Jane Smith',
  email: 'jane@example.co.uk',
  message: 'My site is slow.',
};

/** A request as postgrest-js sends an insert, unless the case overrides it. */
export interface InsertRequest {
  body?: unknown;
  /** Bytes sent as they are (bad encodings, broken JSON). */
  raw?: string | Buffer;
  headers?: Record<string, string>;
  method?: InjectOptions['method'];
  url?: string;
  /** false: send the body as it is, without the proof of work the page adds. */
  proof?: boolean;
  /** The visitor's address (the rate limit counts it). */
  remoteAddress?: string;
}

/**
 * An object body (or postgrest-js's one-row array) without a proof gets a
 * fresh one, as the page sends it (tests/support/proof.ts), unless `proof: false`.
 */
async function withProofOf(app: FastifyInstance, body: unknown, from?: string): Promise<unknown> {
  const one = Array.isArray(body) && body.length === 1 ? body[0] : body;
  if (one === null || typeof one !== 'object' || Array.isArray(one) || 'proof' in one) return body;
  // From the visitor's own address, as the page asks for it.
  const row = { ...one, proof: await proofFrom(app, from) };
  return one === body ? row : [row];
}

export async function send(app: FastifyInstance, request: InsertRequest) {
  const body =
    request.proof === false || request.raw !== undefined
      ? request.body
      : await withProofOf(app, request.body, request.remoteAddress);
  const payload = request.raw ?? (body === undefined ? undefined : JSON.stringify(body));
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...request.headers,
  };
  // An empty Content-Type means "send none".
  if (headers['content-type'] === '') delete headers['content-type'];
  return app.inject({
    method: request.method ?? 'POST',
    url: request.url ?? TABLE_URL,
    headers,
    payload,
    ...(request.remoteAddress && { remoteAddress: request.remoteAddress }),
  });
}

export const ERROR_KEYS = ['code', 'details', 'hint', 'message'];

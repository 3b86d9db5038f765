import type { FastifyInstance, InjectOptions } from 'fastify';
import type { ContactSubmission } from '../../../src/features/contact/validation.ts';

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
}

export function send(app: FastifyInstance, request: InsertRequest) {
  const payload =
    request.raw ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
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
  });
}

export const ERROR_KEYS = ['code', 'details', 'hint', 'message'];

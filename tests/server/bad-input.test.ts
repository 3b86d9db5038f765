import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_BODIES } from './support/bad-bodies.ts';
import { BAD_COLUMNS } from './support/bad-columns.ts';
import type { BadInput } from './support/bad-input.ts';
import { BAD_ROUTES } from './support/bad-routes.ts';
import { BAD_VALUES } from './support/bad-values.ts';
import {
  countRows,
  describeEachBackend,
  describeOnEmbedded,
  testApp,
  type TestApp,
} from './support/backends.ts';
import type { BackendKind } from '../support/backend-kind.ts';
import { ERROR_KEYS, send } from '../support/requests.ts';

/** Each bad input refused with its status and code, and nothing stored. */
function refuses(kind: BackendKind, groups: Record<string, BadInput[]>) {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(kind);
  });
  afterAll(() => t?.close());

  const expectRefused = async (input: BadInput) => {
    const before = await countRows(t.db);
    const response = await send(t.app, input);
    expect(response.statusCode, response.body).toBe(input.status);
    if (input.method !== 'HEAD') {
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(ERROR_KEYS);
      expect(body.code).toBe(input.code);
      expect(typeof body.message).toBe('string');
    }
    expect(await countRows(t.db)).toBe(before);
  };

  for (const [group, inputs] of Object.entries(groups)) {
    describe(group, () => {
      it.each(inputs.map((input) => [input.name, input] as const))('%s', (_, input) =>
        expectRefused(input),
      );
    });
  }
}

// Refused by our server (PGRST codes) before any query: the same code over either database.
describeOnEmbedded('hostile and broken requests', (kind) =>
  refuses(kind, { 'bodies and media types': BAD_BODIES, 'other methods and paths': BAD_ROUTES }),
);

// per backend: bad values and columns reach the database; each driver's error must map to PostgREST's shape.
describeEachBackend('hostile and broken requests', (kind) =>
  refuses(kind, { 'columns and reading back': BAD_COLUMNS, values: BAD_VALUES }),
);

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_BODIES } from './support/bad-bodies.ts';
import { BAD_COLUMNS } from './support/bad-columns.ts';
import type { BadInput } from './support/bad-input.ts';
import { BAD_ROUTES } from './support/bad-routes.ts';
import { BAD_VALUES } from './support/bad-values.ts';
import { countRows, describeEachBackend, testApp, type TestApp } from './support/backends.ts';
import { ERROR_KEYS, send } from '../support/requests.ts';

describeEachBackend('hostile and broken requests', (kind) => {
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

  const groups = {
    'bodies and media types': BAD_BODIES,
    'columns and reading back': BAD_COLUMNS,
    values: BAD_VALUES,
    'other methods and paths': BAD_ROUTES,
  };
  for (const [group, inputs] of Object.entries(groups)) {
    describe(group, () => {
      it.each(inputs.map((input) => [input.name, input] as const))('%s', (_, input) =>
        expectRefused(input),
      );
    });
  }
});

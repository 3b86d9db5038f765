import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateSubmission } from '../../shared/validation.ts';
import { MAX_BODY_BYTES } from '../../server/rest/rest-plugin.ts';
import { MAX_PROOF_CHARS } from '../../server/db/proof-of-work-settings.ts';
import { ADVERSARIAL, LARGEST_VALID, typicalCost } from '../support/adversarial.ts';
import { countRows, testApp, type TestApp } from './support/backends.ts';
import { send, VALID } from '../support/requests.ts';

/**
 * No submission may stall the page or the server: the worst one costs no more
 * than 20 times a normal one, both measured here, on the same machine, at the
 * same moment. A backtracking pattern costs thousands of times more.
 */
const BOUND = 20;

describe('the rules in validation.ts, as the browser and the server run them', () => {
  it.each(ADVERSARIAL)('judge %s as fast as a normal submission', async (_, submission) => {
    const normal = await typicalCost(() => validateSubmission(LARGEST_VALID), { repeats: 50 });
    const hostile = await typicalCost(() => validateSubmission(submission), { repeats: 50 });
    expect(hostile).toBeLessThanOrEqual(BOUND * normal);
  });
});

describe('the insert route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp('embedded');
  });
  afterAll(() => t?.close());

  it.each(ADVERSARIAL)('answers %s as fast as it stores a normal one', async (_, submission) => {
    // With room left for the proof of work that send() adds.
    expect(Buffer.byteLength(JSON.stringify(submission))).toBeLessThanOrEqual(
      MAX_BODY_BYTES - MAX_PROOF_CHARS,
    );
    const before = await countRows(t.db);
    const response = await send(t.app, { body: submission });
    // Stored only if valid once trimmed (a few are, at their limit).
    const valid = validateSubmission(submission).ok;
    expect(response.statusCode, response.body).toBe(valid ? 201 : 400);
    expect(await countRows(t.db)).toBe(before + (valid ? 1 : 0));

    const normal = await typicalCost(() => send(t.app, { body: VALID }), { rounds: 3 });
    const hostile = await typicalCost(() => send(t.app, { body: submission }), { rounds: 3 });
    expect(hostile).toBeLessThanOrEqual(BOUND * normal);
  });
});

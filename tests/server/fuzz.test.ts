import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isValidRow, validateSubmission } from '../../shared/validation.ts';
import { describeOnEmbedded, testApp, type TestApp } from './support/backends.ts';
import { body, headers, sendable, withProof } from '../support/random-requests.ts';
import { ERROR_KEYS, send } from '../support/requests.ts';
import { proofFrom } from '../support/proof.ts';

/**
 * Whatever arrives, the answer is 201 for a valid submission (stored exactly
 * as sent) or a 4xx in PostgREST's shape; never a 5xx, never a stored bad row.
 */
describeOnEmbedded('random requests', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(kind);
  });
  afterAll(() => t?.close());

  it('never answer 5xx and never store an invalid row', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(body, headers, async (generated, requestHeaders) => {
        const raw = await withProof(generated, () => proofFrom(t.app));
        const sent = Object.fromEntries(
          Object.entries(requestHeaders as Record<string, string>).filter(([, value]) =>
            sendable(value),
          ),
        );
        const response = await send(t.app, { raw, headers: sent });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        expect(response.statusCode).toBeLessThan(500);
        if (response.statusCode === 201) {
          const [row] = await t.db.query(
            'select name, email, message from public.contact_submissions order by id desc limit 1',
          );
          const stored = row as { name: string; email: string; message: string };
          expect(isValidRow(stored)).toBe(true);
          // What was sent, as the form's rules trim it (the database trims the same way).
          const sentBody = JSON.parse(raw.toString()) as unknown;
          const sentRow = (Array.isArray(sentBody) ? sentBody[0] : sentBody) as Record<
            'name' | 'email' | 'message',
            unknown
          >;
          expect(validateSubmission(sentRow)).toEqual({ ok: true, value: stored });
        } else {
          expect(response.statusCode).toBeGreaterThanOrEqual(400);
          expect(Object.keys(response.json()).sort()).toEqual(ERROR_KEYS);
        }
      }),
      { numRuns: 400 },
    );
    // The property is only as good as its mix: both answers must have come up often.
    expect(statuses.get(201)).toBeGreaterThan(10);
    expect(statuses.get(400)).toBeGreaterThan(150);
  });
});

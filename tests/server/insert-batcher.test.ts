import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from '../../server/db/database.ts';
import {
  batchInserts,
  MAX_BATCH,
  rowInsert,
  type PendingInsert,
} from '../../server/db/insert-batcher.ts';
import type { ContactSubmission } from '../../shared/validation.ts';

const submission = (name: string): ContactSubmission => ({ name, email: 'a@b.co', message: 'm' });
const FROM = { clientAddress: '203.0.113.7' };
const settled = (promises: Promise<unknown>[]) =>
  Promise.allSettled(promises).then((results) => results.map((result) => result.status));

/** A fake database that records its batches and takes a tick per batch. */
function fakeDatabase(fail: (batch: ContactSubmission[]) => Error | undefined = () => undefined) {
  const batches: string[][] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const insertMany = async (rows: PendingInsert[]) => {
    const batch = rows.map((row) => row.submission);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 1));
    inFlight--;
    const error = fail(batch);
    if (error) throw error;
    batches.push(batch.map((s) => s.name));
  };
  return { insertMany, batches, maxInFlight: () => maxInFlight };
}

describe('group commit of inserts', () => {
  it('sends a lone submission alone, and what arrives together in one batch', async () => {
    const db = fakeDatabase();
    const insert = batchInserts(db.insertMany, 1);
    await insert(submission('alone'), FROM);
    await Promise.all(['a', 'b', 'c'].map((name) => insert(submission(name), FROM)));
    expect(db.batches).toEqual([['alone'], ['a', 'b', 'c']]);
  });

  it('gathers what arrives while a batch is in flight into the next one', async () => {
    const db = fakeDatabase();
    const insert = batchInserts(db.insertMany, 1);
    const first = insert(submission('first'), FROM);
    await new Promise((resolve) => setImmediate(resolve)); // the first batch is under way
    const later = ['x', 'y', 'z'].map((name) => insert(submission(name), FROM));
    await Promise.all([first, ...later]);
    expect(db.batches).toEqual([['first'], ['x', 'y', 'z']]);
  });

  it('keeps to its slots and its batch size', async () => {
    const db = fakeDatabase();
    const insert = batchInserts(db.insertMany, 3);
    const count = 3 + 2 * MAX_BATCH + 7;
    await Promise.all(Array.from({ length: count }, (_, i) => insert(submission(`v${i}`), FROM)));
    expect(db.maxInFlight()).toBe(3);
    expect(Math.max(...db.batches.map((batch) => batch.length))).toBe(MAX_BATCH);
    expect(db.batches.flat()).toHaveLength(count);
  });

  it('retries each row of a refused batch alone, so one bad row sinks only itself', async () => {
    const refusal = Object.assign(new Error('check violation'), { code: '23514' });
    const db = fakeDatabase((batch) => (batch.some((s) => s.name === 'bad') ? refusal : undefined));
    const insert = batchInserts(db.insertMany, 1);
    const outcomes = settled(
      ['first', 'ok', 'bad', 'fine'].map((name) => insert(submission(name), FROM)),
    );
    expect(await outcomes).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(db.batches.flat().sort()).toEqual(['fine', 'first', 'ok']);
  });

  it('fails the whole batch at once when the database is gone', async () => {
    let calls = 0;
    const insert = batchInserts(async () => {
      calls++;
      throw new DatabaseUnavailableError('closed');
    }, 1);
    const outcomes = await settled(['a', 'b', 'c'].map((name) => insert(submission(name), FROM)));
    expect(outcomes).toEqual(['rejected', 'rejected', 'rejected']);
    expect(calls).toBe(1); // one batch, no retries
  });

  it('refuses at once, as unavailable, what arrives while the queue is full', async () => {
    let release = () => {};
    const stuck = new Promise<void>((resolve) => (release = resolve));
    const insert = batchInserts(() => stuck, 1, 2);
    const first = insert(submission('in flight'), FROM);
    await new Promise((resolve) => setImmediate(resolve)); // the first batch is under way
    const queued = [insert(submission('q1'), FROM), insert(submission('q2'), FROM)];
    // The database is still stuck: only the queue's bound can answer this one.
    await expect(insert(submission('over'), FROM)).rejects.toBeInstanceOf(DatabaseUnavailableError);
    release();
    expect(await settled([first, ...queued])).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
  });

  it('sends each row with its own visitor’s address, for the rate-limit trigger', () => {
    const [sql, params] = rowInsert({ submission: submission('a'), ...FROM });
    expect(sql).toMatch(/set_config\('request\.headers', \$5, true\)/);
    expect(params).toEqual([
      'a',
      'a@b.co',
      'm',
      false,
      '{"cf-connecting-ip":"203.0.113.7"}',
      null, // no proof
      'off', // not the native form
      null, // no submission key: the database assigns one
    ]);
    expect(sql).not.toMatch(/on conflict/);
  });

  it('skips a repeated key only when asked to (docs/product.md#exactly-once)', () => {
    const key = '7d0f8a3c-5b21-4e6a-9c4d-2f1e0b9a8c71';
    const [sql, params] = rowInsert({
      submission: { ...submission('a'), submission_key: key },
      ...FROM,
      ignoreDuplicates: true,
    });
    expect(sql).toMatch(/on conflict \(submission_key\) do nothing$/);
    expect(params[7]).toBe(key); // $8, after the proof ($6) and the native-form marker ($7)
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, retryDelayMs } from '../../server/leads/push/push-outcome.ts';
import { RETRY_BASE_MS } from '../../server/leads/push/push-worker.ts';

/** A wait as docs/alerts.md writes it: whole minutes as "min", the rest in seconds. */
const spoken = (ms: number) => (ms % 60_000 === 0 ? `${ms / 60_000} min` : `${ms / 1_000} s`);

/** What docs/alerts.md says of a push service that is down is what the push worker does. */
describe('docs/alerts.md on a push service that is down', () => {
  const page = readFileSync('docs/alerts.md', 'utf8').replace(/\s+/g, ' ');
  // The step of "What happens to a lead" that says what becomes of a push the service refuses.
  const step = /\d\. A push service's 404 or 410 (.*?) \d\. /.exec(page)?.[1];
  // A wait after each failed attempt but the last, which gives the push up.
  const waits = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, done) =>
    retryDelayMs(done, RETRY_BASE_MS),
  );

  it('lists each wait between attempts', () => {
    expect(step).toContain(`tried again after ${waits.map(spoken).join(', ')}:`);
  });

  it('gives the number of attempts and the time from the first to the last', () => {
    const minutes = waits.reduce((sum, wait) => sum + wait, 0) / 60_000;
    expect(step).toContain(`${MAX_ATTEMPTS} attempts in all, the last ${minutes} minutes after`);
  });
});

import { expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../../server/db/open-database.ts';
import { insertAsAnon } from './support/as-anon.ts';
import { describePostgres } from './support/backends.ts';
import { emailedNames, leadsWaiting, outbox, run } from './support/lead-worker.ts';
import { tcpProxy } from './support/tcp-proxy.ts';
import { BUILT } from '../support/built.ts';
import { exited } from '../support/child-server.ts';
import { VALID } from '../support/requests.ts';
import { until } from '../support/until.ts';

/**
 * The database going away under the long-running worker (`npm run worker`): each failed round
 * waits longer before the next, rather than trying again at once, and once the database is back it
 * carries on, each lead emailed once. The server runs the same loops (docs/architecture.md,
 * "Background work"; outbox-connection-loss.test.ts drops its connections); `npm run worker --
 * --once` ends instead: worker-database-loss.test.ts.
 */

/** Patience for a busy machine while the worker or server waits out its back-off (30 s at most). */
const RECOVERY_BOUND_MS = 90_000;

describePostgres('the long-running worker when the database goes away', () => {
  it('backs off while it is down, and sends what waited once it is back, each once', async () => {
    const { sink, env, backend } = await leadsWaiting(['Ann', 'Bob']);
    const proxy = await tcpProxy(backend.options.databaseUrl!);
    onTestFinished(() => proxy.refuse());
    sink.holding = true;
    const running = run(process.execPath, [BUILT.worker], { ...env, DATABASE_URL: proxy.url });
    const ann = await sink.nextHeld();
    await proxy.refuse();
    // The relay takes Ann's email while the database is gone: her mark waits for it.
    ann.accept();
    sink.holding = false;

    // A failed round waits before the next, longer each time: lead delivery's third failure
    // comes 2 s and then 4 s after its first (timers are never early; a busy machine only
    // makes it later). A loop that tried again at once would fail three times in milliseconds.
    const deliveryFailures = () => running.output().match(/Lead delivery paused/g)?.length ?? 0;
    const failedAt = async (count: number) => {
      await until(
        deliveryFailures,
        RECOVERY_BOUND_MS,
        `${count} failed delivery rounds`,
        (n) => n >= count,
      );
      return performance.now();
    };
    const first = await failedAt(1);
    expect((await failedAt(3)) - first, running.output()).toBeGreaterThan(5_000);

    await proxy.restore();
    const db = await openDatabase({ ...backend.options, migrate: false });
    onTestFinished(() => db.close());
    await insertAsAnon(db, { ...VALID, name: 'Dee' });
    await until(
      () => outbox(backend),
      RECOVERY_BOUND_MS,
      'every lead to be marked sent',
      (rows) => rows.length === 3 && rows.every((row) => row.sent),
    );
    expect(emailedNames(sink)).toEqual(['Ann', 'Bob', 'Dee']);

    const { child } = running;
    expect(child.exitCode).toBeNull();
    child.kill('SIGTERM');
    expect(await exited(child), running.output()).toBe(0);
  }, 180_000);
});

import { readdirSync } from 'node:fs';
import pg from 'pg';
import { beforeAll, expect, it, onTestFinished } from 'vitest';
import { createPostgresDatabase, describePostgres, sharedPerBackend } from './support/backends.ts';
import { exited, spawnServer } from '../support/child-server.ts';
import { describeWithNginx, startNginx } from '../support/nginx.ts';
import { SmtpSink } from '../support/smtp-sink.ts';
import { until } from '../support/until.ts';
import { Visitor } from '../support/visitor.ts';

/** Low, so one address reaches it quickly; each load client below has addresses of its own. */
const LIMIT = 5;
const INSTANCES = 3;

/**
 * Several instances on one PostgreSQL behind deploy/nginx.conf, as
 * docs/deploying.md's "several instances" deployment runs them: real nginx, real
 * processes, a real SMTP server on loopback. Started once for the file, and
 * shared by the describes below, in order.
 */
const cluster = sharedPerBackend(
  async () => {
    const database = await createPostgresDatabase();
    const owner = new pg.Client({ connectionString: database.url });
    await owner.connect();
    const sink = await SmtpSink.start();
    // All at once, on an empty database: each one tries to migrate it.
    const instances = await Promise.all(
      Array.from({ length: INSTANCES }, () =>
        spawnServer({
          DATABASE_URL: database.url,
          TRUST_PROXY: '127.0.0.1',
          RATE_LIMIT_PER_MINUTE: String(LIMIT),
          SMTP_URL: sink.url,
          NOTIFY_EMAIL: 'leads@agency.example',
        }),
      ),
    );
    const nginx = await startNginx(instances.map((instance) => Number(new URL(instance.url).port)));
    let nextAddress = 0;
    return {
      owner,
      sink,
      instances,
      /** A visitor on a loopback address no other test in this file uses. */
      newVisitor() {
        nextAddress++;
        const address = `127.0.${1 + Math.floor(nextAddress / 250)}.${1 + (nextAddress % 250)}`;
        const visitor = new Visitor(nginx, address);
        onTestFinished(() => visitor.close());
        return visitor;
      },
      storedNames: async () =>
        new Set(
          (await owner.query<{ name: string }>('select name from contact_submissions')).rows.map(
            (row) => row.name,
          ),
        ),
      async close() {
        await nginx.stop();
        await Promise.all(
          instances.map((instance) => {
            instance.child.kill('SIGTERM');
            return exited(instance.child);
          }),
        );
        await sink.down();
        await owner.end();
        await database.drop();
      },
    };
  },
  // Three server processes and nginx starting at once on a loaded 2-core machine.
  180_000,
);

type Cluster = ReturnType<ReturnType<typeof cluster>>;

describePostgres('three instances behind nginx, all running', () => {
  describeWithNginx('on one PostgreSQL', () => {
    const shared = cluster('postgres');
    let owner: Cluster['owner'];
    let sink: Cluster['sink'];
    let instances: Cluster['instances'];
    let newVisitor: Cluster['newVisitor'];
    beforeAll(() => void ({ owner, sink, instances, newVisitor } = shared()));

    it('all come up together, having applied each migration once', async () => {
      for (const instance of instances) {
        expect((await fetch(`${instance.url}/healthz`)).status).toBe(200);
      }
      const files = readdirSync('supabase/migrations').filter((name) => name.endsWith('.sql'));
      const { rows } = await owner.query<{ version: string; n: number }>(
        'select version, count(*)::int as n from app_private.schema_migrations group by version',
      );
      expect(rows).toHaveLength(files.length);
      expect(rows.filter((row) => row.n !== 1)).toEqual([]);
    });

    it('limit one address to the same total between them, forged X-Forwarded-For or not', async () => {
      const visitor = newVisitor();
      const statuses: number[] = [];
      // Round robin: each instance sees a share of these; together, several times the limit.
      for (let i = 0; i < LIMIT * INSTANCES; i++)
        statuses.push((await visitor.submit(`Burst ${i}`)).status);
      for (const forged of ['203.0.113.9', '198.51.100.7, 203.0.113.10']) {
        statuses.push((await visitor.submit('Forged', { 'x-forwarded-for': forged })).status);
      }
      expect(statuses.filter((status) => status === 201)).toHaveLength(LIMIT);
      expect(statuses.filter((status) => status !== 201 && status !== 429)).toEqual([]);
    });

    it('email each lead to the agency exactly once between them', async () => {
      const names: string[] = [];
      await Promise.all(
        Array.from({ length: 10 }, async (_, client) => {
          const visitor = newVisitor();
          for (let i = 0; i < 3; i++) {
            const name = `Lead ${client}-${i}`;
            if ((await visitor.submit(name)).status === 201) names.push(name);
          }
        }),
      );
      expect(names).toHaveLength(30);
      // The real signal that delivery is over: no lead waits in the outbox.
      await until(
        async () => {
          const { rows } = await owner.query(
            'select count(*)::int as n from lead_outbox where sent_at is null',
          );
          return rows[0].n === 0;
        },
        30_000,
        'the outbox to drain',
      );
      const mailed = names.map(
        (name) => sink.received.filter((mail) => mail.bodies['text/plain']?.includes(name)).length,
      );
      expect(mailed).toEqual(names.map(() => 1));
    }, 120_000);
  });
});

describePostgres('three instances behind nginx, one killed under load', () => {
  describeWithNginx('on one PostgreSQL', () => {
    const shared = cluster('postgres');
    let instances: Cluster['instances'];
    let newVisitor: Cluster['newVisitor'];
    let storedNames: Cluster['storedNames'];
    beforeAll(() => void ({ instances, newVisitor, storedNames } = shared()));

    it('keep every acknowledged submission when one is killed (-9) under load, and keep answering', async () => {
      const acknowledged: string[] = [];
      const afterKill: string[] = [];
      const statuses = new Set<number>();
      let killed = false;
      const victim = instances[INSTANCES - 1]!;
      const client = async (id: number) => {
        let visitor = newVisitor();
        for (let i = 0; afterKill.length < 60; i++) {
          // Under the per-address limit: this test is about the kill, not the limit.
          if (i % LIMIT === LIMIT - 1) visitor = newVisitor();
          const name = `Load ${id}-${i}`;
          const answer = await visitor.submit(name).catch(() => undefined);
          if (answer) statuses.add(answer.status);
          if (answer?.status !== 201) continue;
          acknowledged.push(name);
          if (killed) afterKill.push(name);
          if (acknowledged.length >= 40 && !killed) {
            killed = true;
            victim.child.kill('SIGKILL');
          }
        }
      };
      await Promise.all(Array.from({ length: 20 }, (_, id) => client(id)));
      expect(await exited(victim.child)).toBeNull();

      const stored = await storedNames();
      expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
      // The request in flight to the killed instance may get a 502; nothing else goes wrong.
      expect([...statuses].filter((status) => status !== 201 && status !== 502)).toEqual([]);
      expect((await newVisitor().fetch('/healthz')).status).toBe(200);
    }, 120_000);
  });
});

import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { seedMembers } from '../../server/auth/members.ts';
import type { Database } from '../../server/db/database.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { runSubmissionsCli } from '../../server/submissions-cli.ts';
import { SERVER_TEST_BUDGET_MS } from '../support/budgets.ts';
import { describeEachBackend, envFor, freshBackend, type Backend } from './support/backends.ts';

// Each command opens the database, and the embedded one takes seconds to open on a busy host:
// a deadline only (tests/support/budgets.ts).
vi.setConfig({ testTimeout: SERVER_TEST_BUDGET_MS });

/** `npm run -s submissions -- members add|remove|list`, on either backend. */
// per backend: the command reaches PGlite through the server's socket and PostgreSQL directly.
describeEachBackend('submissions members', (kind) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await freshBackend(kind);
    // Migrated as the server would at its start; the CLI never migrates.
    await (await openDatabase(backend.options)).close();
  });
  afterAll(() => backend?.dispose());

  const cli = async (...args: string[]) => {
    let stdout = '';
    let stderr = '';
    const code = await runSubmissionsCli(['members', ...args], {
      env: envFor(backend),
      stdout: (text) => (stdout += text),
      stderr: (text) => (stderr += text),
    });
    return { code, stdout, stderr };
  };
  /** The database between two commands (the embedded one admits one process at a time). */
  const withDb = async <T>(work: (db: Database) => Promise<T>) => {
    const db = await openDatabase({ ...backend.options, migrate: false });
    try {
      return await work(db);
    } finally {
      await db.close();
    }
  };
  const removals = () =>
    withDb((db) => db.query('select email, removed_by from app_private.inbox_removed_members'));
  /** What INBOX_EMAILS naming `email` would do at the next start. */
  const seed = (email: string) => withDb((db) => seedMembers(db, [email]));

  it('adds, lists and removes members, in lower case', async () => {
    expect(await cli('add', 'Owner@Example.co.uk')).toMatchObject({
      code: 0,
      stdout: 'Added owner@example.co.uk.\n',
    });
    expect((await cli('add', 'owner@example.co.uk')).stdout).toBe(
      'owner@example.co.uk is already a member.\n',
    );
    const listed = JSON.parse((await cli('list')).stdout) as { email: string }[];
    expect(listed.map((member) => member.email)).toEqual(['owner@example.co.uk']);
    expect((await cli('remove', 'owner@example.co.uk')).stdout).toBe(
      'Removed owner@example.co.uk; their sessions have ended.\n',
    );
    expect(JSON.parse((await cli('list')).stdout)).toEqual([]);
  });

  it('ends the sessions of a member it removes', async () => {
    await cli('add', 'leaving@example.co.uk');
    await withDb((db) =>
      db.query("insert into app_private.auth_sessions (email) values ('leaving@example.co.uk')"),
    );
    await cli('remove', 'leaving@example.co.uk');
    expect(await withDb((db) => db.query('select * from app_private.auth_sessions'))).toEqual([]);
  });

  it('records whom it removes, so INBOX_EMAILS skips them, until the operator adds them', async () => {
    await cli('add', 'back@example.co.uk');
    await cli('remove', 'back@example.co.uk');
    expect(await removals()).toContainEqual({
      email: 'back@example.co.uk',
      removed_by: 'operator',
    });
    expect(await seed('Back@example.co.uk')).toMatchObject({
      added: [],
      skipped: ['back@example.co.uk'],
    });

    expect((await cli('add', 'back@example.co.uk')).stdout).toBe('Added back@example.co.uk.\n');
    expect(await removals()).not.toContainEqual(
      expect.objectContaining({ email: 'back@example.co.uk' }),
    );
    expect(await seed('back@example.co.uk')).toMatchObject({ added: [], skipped: [] });
  });

  it('keeps out an address it removes before INBOX_EMAILS ever added it', async () => {
    expect((await cli('remove', 'never@example.co.uk')).stdout).toBe(
      'never@example.co.uk was not a member; INBOX_EMAILS will not add them.\n',
    );
    expect(await seed('never@example.co.uk')).toMatchObject({
      added: [],
      skipped: ['never@example.co.uk'],
    });
  });

  it('refuses a bad address or action with the usage, changing nothing', async () => {
    for (const args of [['add'], ['add', 'not an address'], ['promote', 'a@b.co'], []]) {
      const { code, stderr } = await cli(...args);
      expect(code, args.join(' ')).toBe(2);
      expect(stderr).toContain('submissions members add EMAIL');
    }
  });
});

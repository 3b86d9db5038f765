import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open-database.ts';
import { runSubmissionsCli } from '../../server/submissions-cli.ts';
import { describeEachBackend, envFor, freshBackend, type Backend } from './support/backends.ts';

/** `npm run -s submissions -- members add|remove|list`, on either backend. */
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
    const db = await openDatabase({ ...backend.options, migrate: false });
    try {
      await db.query(
        "insert into app_private.auth_sessions (email) values ('leaving@example.co.uk')",
      );
    } finally {
      await db.close();
    }
    await cli('remove', 'leaving@example.co.uk');
    const after = await openDatabase({ ...backend.options, migrate: false });
    try {
      expect(await after.query('select * from app_private.auth_sessions')).toEqual([]);
    } finally {
      await after.close();
    }
  });

  it('refuses a bad address or action with the usage, changing nothing', async () => {
    for (const args of [['add'], ['add', 'not an address'], ['promote', 'a@b.co'], []]) {
      const { code, stderr } = await cli(...args);
      expect(code, args.join(' ')).toBe(2);
      expect(stderr).toContain('submissions members add EMAIL');
    }
  });
});

import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open-database.ts';
import { runSubmissionsCli } from '../../server/submissions-cli.ts';
import { spamReason } from '../../shared/copy/spam-reasons.ts';
import { submissionReference } from '../../shared/reference.ts';
import { startServer } from '../../server/start.ts';
import { childEnv, finished } from '../support/child-server.ts';
import {
  describeEachBackend,
  emptyDataDir,
  envFor,
  freshBackend,
  sharedPerBackend,
} from './support/backends.ts';
import { BUILT } from '../support/built.ts';

/** The CLI in-process (a child process costs seconds); one test runs the real script. */
async function cli(args: string[], env: Record<string, string>) {
  let stdout = '';
  let stderr = '';
  const code = await runSubmissionsCli(args, {
    env,
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return { code, stdout, stderr };
}

/** Inserted as the owner, newest id first, so "oldest first" must follow created_at. */
const ROWS = [
  [
    '2026-03-01T10:00:00.000Z',
    '=HYPERLINK("http://evil.example")',
    'Jane@Example.com',
    'Second, "quoted"\nline',
    '7d0f8a3c-5b21-4e6a-9c4d-2f1e0b9a8c71',
  ],
  [
    '2026-01-01T09:00:00.000Z',
    'Zoë',
    'zoe@example.com',
    '+44 1632 960123',
    'c2e9b4f0-13a7-4d58-b6e2-7a90f3d15e44',
  ],
  [
    '2026-02-01T08:30:00.000Z',
    '@admin',
    'jane@example.com',
    '-1 for slow sites',
    '04b6e1d9-8f3c-4a27-a5b1-e6c02d7f9b38',
  ],
] as const;
const REFERENCES = ROWS.map((row) => submissionReference(row[4]));
/** A lead's deadlines and when its reply came, as the export writes them (ISO 8601). */
const CLOCK = {
  reply_due: '2026-11-25T17:30:00.000Z',
  replied_at: '2026-11-25T10:03:00.000Z',
  diagnosis_due: '2026-11-26T10:00:00.000Z',
};
/** Who first saw Zoë's lead and who took it (docs/alerts.md), as the export writes them. */
const ATTENTION = {
  first_seen_at: '2026-11-25T09:05:00.000Z',
  taken_by: 'sam@agency.co.uk',
  taken_at: '2026-11-25T09:06:00.000Z',
};
/** A lead the clocks have not reached and nobody has seen: eight empty cells. */
const NO_CLOCK = ['', '', '', '', '', '', '', ''];

/** One database per backend seeded with ROWS, shared by the describes below: export, then erase. */
const seeded = sharedPerBackend(async (kind) => {
  const backend = await freshBackend(kind);
  const db = await openDatabase(backend.options);
  for (const [createdAt, name, email, message, key] of ROWS) {
    await db.query(
      'insert into contact_submissions (created_at, name, email, message, submission_key) values ($1, $2, $3, $4, $5)',
      [createdAt, name, email, message, key],
    );
  }
  // Zoë's lead was answered: its clocks and their stops are exported (docs/lead-clocks.md).
  await db.query(
    `update contact_submissions set status = 'replied', reply_due = $2, replied_at = $3,
            diagnosis_due = $4 where id = $1`,
    [2, CLOCK.reply_due, CLOCK.replied_at, CLOCK.diagnosis_due],
  );
  await db.query(
    `insert into public.lead_attention (submission_id, first_seen_at, taken_by, taken_at)
     values (2, $1, $2, $3)`,
    [ATTENTION.first_seen_at, ATTENTION.taken_by, ATTENTION.taken_at],
  );
  // Two signals under the held line, as the spam score writes them: exported in words.
  await db.query(`update contact_submissions set spam_reasons = $2 where id = $1`, [
    3,
    ['links:3', 'pitch:cold'],
  ]);
  await db.close();
  return { backend, close: () => backend.dispose() };
});

type Seeded = ReturnType<ReturnType<typeof seeded>>;

// per backend: each driver hands timestamps, numbers and nulls back in its own types; the export writes them alike.
describeEachBackend('scripts/submissions.ts export', (kind) => {
  const shared = seeded(kind);
  let backend: Seeded['backend'];
  beforeAll(() => void ({ backend } = shared()));

  it('exports JSON, oldest first', async () => {
    const { code, stdout, stderr } = await cli(['export', '--format', 'json'], envFor(backend));
    expect(code, stderr).toBe(0);
    const rows = JSON.parse(stdout);
    expect(rows.map((row: { created_at: string }) => row.created_at)).toEqual([
      ROWS[1][0],
      ROWS[2][0],
      ROWS[0][0],
    ]);
    expect(rows[0]).toEqual({
      id: 2,
      created_at: ROWS[1][0],
      name: 'Zoë',
      email: 'zoe@example.com',
      message: '+44 1632 960123',
      status: 'replied',
      delivery: 'pending',
      // Stored while no webhook was configured: never posted (docs/webhooks.md).
      webhook: 'not queued',
      // Nothing in it counted as spam.
      spam_reasons: [],
      reference: REFERENCES[1],
      ...CLOCK,
      // Answered by an UPDATE of replied_at, not by a reply the relay accepted (docs/inbox.md).
      reply_method: 'marked',
      diagnosed_at: null,
      ...ATTENTION,
    });
    // Why the score counted against a lead, in the inbox's words: its link in the name, as
    // stored, and the two reasons seeded.
    expect(rows.map((row: { spam_reasons: string[] }) => row.spam_reasons)).toEqual([
      [],
      [spamReason('links:3'), spamReason('pitch:cold')],
      [spamReason('link_in_name')],
    ]);
    expect(stderr).toContain('Exported 3 submission(s)');
  });

  it('exports CSV, oldest first, with formulas neutralised', async () => {
    const { code, stdout } = await cli(['export', '--format', 'csv'], envFor(backend));
    expect(code).toBe(0);
    const q = (...cells: (string | number)[]) => `${cells.map((c) => `"${c}"`).join(',')}\r\n`;
    expect(stdout).toBe(
      q(
        'id',
        'created_at',
        'name',
        'email',
        'message',
        'status',
        'delivery',
        'webhook',
        'spam_reasons',
        'reference',
        'reply_due',
        'replied_at',
        'reply_method',
        'diagnosis_due',
        'diagnosed_at',
        'first_seen_at',
        'taken_by',
        'taken_at',
      ) +
        q(
          2,
          ROWS[1][0],
          'Zoë',
          'zoe@example.com',
          "'+44 1632 960123",
          'replied',
          'pending',
          'not queued',
          '',
          REFERENCES[1]!,
          CLOCK.reply_due,
          CLOCK.replied_at,
          'marked',
          CLOCK.diagnosis_due,
          '',
          ATTENTION.first_seen_at,
          ATTENTION.taken_by,
          ATTENTION.taken_at,
        ) +
        q(
          3,
          ROWS[2][0],
          "'@admin",
          'jane@example.com',
          "'-1 for slow sites",
          'new',
          'pending',
          'not queued',
          `${spamReason('links:3')}; ${spamReason('pitch:cold')}`,
          REFERENCES[2]!,
          ...NO_CLOCK,
        ) +
        q(
          1,
          ROWS[0][0],
          `'=HYPERLINK(""http://evil.example"")`,
          'Jane@Example.com',
          `Second, ""quoted""\nline`,
          'new',
          'pending',
          'not queued',
          spamReason('link_in_name'),
          REFERENCES[0]!,
          ...NO_CLOCK,
        ),
    );
  });
});

// per backend: as above.
describeEachBackend('scripts/submissions.ts delete', (kind) => {
  const shared = seeded(kind);
  let backend: Seeded['backend'];
  beforeAll(() => void ({ backend } = shared()));

  it('deletes everything from one address, ignoring case', async () => {
    const { code, stdout } = await cli(['delete', '--email', 'JANE@example.com'], envFor(backend));
    expect(code).toBe(0);
    expect(stdout).toContain('Removed 2 submission(s) from JANE@example.com.');
    const after = JSON.parse((await cli(['export'], envFor(backend))).stdout);
    expect(after.map((row: { name: string }) => row.name)).toEqual(['Zoë']);
  });
});

describe('scripts/submissions.ts refusals', () => {
  it('says the server holds the embedded database, and exits 1', async () => {
    const backend = await freshBackend('embedded');
    const server = await startServer({ port: 0, ...backend.options, distDir: '/nonexistent' });
    try {
      const { code, stderr } = await cli(['export'], { DATA_DIR: backend.options.dataDir });
      expect(code).toBe(1);
      expect(stderr).toContain(`is in use by process ${process.pid}`);
      expect(stderr).toContain('Stop the server first');
    } finally {
      await server.close();
      await backend.dispose();
    }
  });

  it('says where it looked when there is no database', async () => {
    const { dataDir, remove } = emptyDataDir();
    const { code, stderr } = await cli(['export'], { DATA_DIR: dataDir });
    remove();
    expect(code).toBe(1);
    expect(stderr).toContain(`No embedded database in ${dataDir}`);
  });

  it.each([
    [['export', '--format', 'xml'], '--format must be json or csv'],
    [['delete'], 'delete needs --email ADDRESS'],
    [['drop-everything'], 'Unknown command: drop-everything'],
  ])('explains usage for %j, exit 2', async (args, message) => {
    const { code, stderr } = await cli(args, { DATA_DIR: '/nonexistent' });
    expect(code).toBe(2);
    expect(stderr).toContain(message);
    expect(stderr).toContain('Usage:');
  });

  it.each([[['--help']], [['-h']], [['help']], [['export', '--help']]])(
    'prints the usage for %j to stdout, exit 0, without opening a database',
    async (args) => {
      const { code, stdout, stderr } = await cli(args, { DATA_DIR: '/nonexistent' });
      expect(code).toBe(0);
      expect(stdout).toMatch(/^Usage:\n/);
      expect(stderr).toBe('');
    },
  );
});

describe('the scripts/submissions.ts entry point', () => {
  it('runs as a process: export to stdout, summary to stderr', async () => {
    const backend = await freshBackend('embedded');
    const child = spawn(process.execPath, [BUILT.submissions, 'export'], {
      env: childEnv({ DATA_DIR: backend.options.dataDir }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const { code, stdout, stderr } = await finished(child);
    await backend.dispose();
    expect(code, stderr).toBe(0);
    expect(JSON.parse(stdout)).toEqual([]);
    expect(stderr).toContain('Exported 0 submission(s)');
  });
});

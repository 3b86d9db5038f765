// What the content spam score costs one insert (supabase/schemas/55_spam_score.sql), on both
// backends: the median time of an insert with the score's trigger and without it, for an ordinary
// message and for the worst messages built against it (5,000 characters of links, of one long
// word, of one repeated word, of distinct words, of another script).
//   node --import tsx bench/spam-cost.ts [--rounds 30]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Database } from '../server/db/database.ts';
import { openDatabase } from '../server/db/open-database.ts';
import { withBenchPostgres } from './bench-postgres.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '30' } } });
const ROUNDS = Number(values.rounds);

const fill = (unit: (i: number) => string) => {
  let text = '';
  for (let i = 0; text.length < 5000; i++) text += unit(i);
  return text.slice(0, 5000).trim();
};

const MESSAGES: Record<string, (round: number) => string> = {
  ordinary: (r) =>
    `Hello, we run a bakery in Leeds (round ${r}) and would like a new website with online ` +
    'orders and a chatbot for opening hours. Could you send us a quote? Thanks, Sam',
  'links ×450': (r) => fill((i) => `http://x${r}-${i}.example.com `),
  'one long word': (r) => `${r} ${'a'.repeat(4990)}`,
  'one word repeated': (r) => `${r} ${fill(() => 'backlinks ')}`,
  'distinct words': (r) => fill((i) => `w${r}x${i} `),
  'another script': (r) => `${r} ${fill(() => 'Здравствуйте ')}`,
};

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

async function timeInserts(db: Database, message: (round: number) => string) {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    await db.query(
      'insert into public.contact_submissions (name, email, message) values ($1, $2, $3)',
      [
        `Bench ${round}`,
        `bench${round}-${Math.random()}@example.com`,
        message(round).slice(0, 5000).trim(),
      ],
    );
    times.push(performance.now() - started);
  }
  return median(times);
}

async function run(label: string, databaseUrl?: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-spam-cost-'));
  const db = await openDatabase({ dataDir, databaseUrl });
  try {
    for (const [name, message] of Object.entries(MESSAGES)) {
      await db.query(
        'alter table public.contact_submissions disable trigger contact_submissions_score_spam',
      );
      const without = await timeInserts(db, message);
      await db.query(
        'alter table public.contact_submissions enable trigger contact_submissions_score_spam',
      );
      const scored = await timeInserts(db, message);
      console.log(
        `${label.padEnd(9)} ${name.padEnd(18)} without ${without.toFixed(2).padStart(7)} ms  ` +
          `scored ${scored.toFixed(2).padStart(7)} ms  (+${(scored - without).toFixed(2)} ms)`,
      );
    }
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await run('embedded');
await withBenchPostgres((url) => run('postgres', url));

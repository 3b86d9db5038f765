// The content spam score on the corpus (tests/support/spam-corpus.ts): precision and recall with
// the model untrained and after the agency has marked ten leads of each kind, on both backends.
//   node --import tsx bench/spam-corpus.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../server/db/open-database.ts';
import { scoreCorpus } from '../tests/support/spam-corpus-score.ts';
import { withBenchPostgres } from './bench-postgres.ts';

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

async function run(label: string, databaseUrl: string | undefined) {
  for (const trained of [false, true]) {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-spam-'));
    const db = await openDatabase({ dataDir, databaseUrl });
    try {
      if (databaseUrl) await db.query('truncate public.contact_submissions cascade');
      if (databaseUrl) await db.query('truncate app_private.spam_tokens, app_private.spam_marks');
      if (databaseUrl)
        await db.query('update app_private.spam_model set spam_docs = 0, ham_docs = 0');
      const f = await scoreCorpus(db, trained);
      console.log(
        `${label.padEnd(10)} ${trained ? 'after 10+10 marks' : 'untrained        '}  ` +
          `spam held ${f.spamCount - f.spamPassed.length}/${f.spamCount} (recall ${percent(f.recall)})  ` +
          `real held ${f.realHeld.length}/${f.realCount}  precision ${percent(f.precision)}`,
      );
      for (const one of f.realHeld) {
        console.log(`  real held: [${one.reasons.join(', ')}] ${one.lead.message.slice(0, 70)}`);
      }
    } finally {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

await run('embedded', undefined);
await withBenchPostgres((url) => run('postgres', url));

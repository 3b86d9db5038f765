// What the content spam score costs one insert (supabase/schemas/55_spam_score.sql), on both
// backends: the time of an insert with the score's trigger and without it (median and worst of
// the rounds), for an ordinary message and for the worst messages built against it: 5,000
// characters (code points, as the database counts them) of links, of one long word, of one
// repeated word, of distinct short words, of Cyrillic, of CJK without spaces (in and beyond the
// first plane), of emoji (alone, and with 20 Han letters), of mixed scripts, of Arabic, and a blast
// at its look-up's cap (`--blast` copies stored first, from as many addresses). The model is
// trained first (a lead of each message marked spam and one marked real), so every scored insert
// also looks up its words, up to 500, all of them known. Last, a full batch (100 leads in one
// transaction, as the server sends them) of the costliest message, with the score and without.
//   node --import tsx bench/spam-cost.ts [--rounds 30] [--blast 210]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Database } from '../server/db/database.ts';
import { MAX_BATCH } from '../server/db/insert-batcher.ts';
import { openDatabase } from '../server/db/open-database.ts';
import { withBenchPostgres } from './bench-postgres.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '30' },
    // Copies of the blast's text stored before it is timed: the look-up reads at most 200.
    blast: { type: 'string', default: '210' },
  },
});
const ROUNDS = Number(values.rounds);
const BLAST_STORED = Number(values.blast);

/** At most 5,000 code points, trimmed: the longest message the score reads. */
const cut = (text: string) => Array.from(text).slice(0, 5000).join('').trim();

const fill = (unit: (i: number) => string) => {
  let text = '';
  for (let i = 0, length = 0; length < 5000; i++) {
    const piece = unit(i);
    text += piece;
    length += Array.from(piece).length;
  }
  return cut(text);
};

/** `n` characters of `pool`, a different run for each `i`: many distinct words from few letters. */
const pick = (pool: string[], i: number, n: number) => {
  let word = '';
  for (let k = 0; k < n; k++) word += pool[(i * 7 + k * k * 3 + k * (i % 11)) % pool.length]!;
  return word;
};
const chars = (text: string) => Array.from(text);
const letters = (i: number): string =>
  (i >= 26 ? letters(Math.floor(i / 26) - 1) : '') + String.fromCharCode(97 + (i % 26));

const HAN = chars(
  '我们是一家小公司想做个新网站请问价格多少能否在下月完成谢您的帮助设计开发店铺客户服务产品订单支付手机页面搜索推广优化排名流量广告营销合作欢迎联系电话邮件地址',
);
/** Han letters beyond the first plane (CJK Extension B on): four bytes each, as emoji are. */
const HAN_ASTRAL = Array.from({ length: 300 }, (_, i) => String.fromCodePoint(0x20000 + i * 37));
const EMOJI = [
  '😀',
  '🚀',
  '🔥',
  '💰',
  '👍🏽',
  '👨‍👩‍👧',
  '🇬🇧',
  '❤️',
  '✅',
  '🎰',
  '💊',
  '📈',
  '🤖',
  '👩🏿‍💻',
  '🏳️‍🌈',
  '🎁',
];
const ARABIC = chars('ابتثجحخدذرزسشصضطظعغفقكلمنهويءآأؤإئةى');
const ARABIC_MARKS = chars('\u064b\u064e\u064f\u0650\u0651\u0652');
/** A word's letters in each script the mixed message cycles through. */
const SCRIPTS = [
  chars('abcdefghijklmnopqrstuvwxyz'),
  chars('абвгдежзийклмнопрстуфхцчшщэюя'),
  chars('αβγδεζηθικλμνξοπρστυφχψω'),
  chars('אבגדהוזחטיכלמנסעפצקרשת'),
  ARABIC,
  chars('कखगघचछजझटठडढणतथदधनपफबभमयरलवशसह'),
  chars('กขคงจฉชซญดตถทธนบปผพฟภมยรลวศสหอฮ'),
  chars('가나다라마바사아자차카타파하거너더러머버서어저처'),
  HAN,
  chars('あいうえおかきくけこさしすせそたちつてとなにぬねのアイウエオカキクケコ'),
  EMOJI,
];

/**
 * A pitch sent by many, the same text but for an order number and the greeting's name: every rule
 * at once (phrases of four kinds, dollars, links by the hundred) and 500 distinct words after it.
 */
const PITCH =
  'I came across your website and noticed it is not on page 1 of Google. We offer white label ' +
  'link building, guest posts and high quality backlinks from $5 per hour, see our work at ' +
  'http://rank-fast.example.com and www.seo-boost.example.net. Your website ranking and your ' +
  'traffic will grow or your money back. Reply stop to unsubscribe. ';
const blast = (n: number) =>
  fill((i) =>
    i === 0 ? `Dear ${letters(n + 26)}, order ${n}. ${PITCH}` : `${letters(i + 26)} www.s${i}.io `,
  );

const LINKS = fill((i) => `www.x${i}.io `);

const MESSAGES: Record<string, (round: number) => string> = {
  ordinary: (r) =>
    `Hello, we run a bakery in Leeds (round ${r}) and would like a new website with online ` +
    'orders and a chatbot for opening hours. Could you send us a quote? Thanks, Sam',
  [`links ×${LINKS.split('www.').length - 1}`]: (r) => `${r} ${LINKS}`,
  'one long word': (r) => `${r} ${'a'.repeat(4990)}`,
  'one word repeated': (r) => `${r} ${fill(() => 'backlinks ')}`,
  'distinct short words': (r) => `${r} ${fill((i) => `${letters(i + 26)} `)}`,
  Cyrillic: (r) => `${r} ${fill(() => 'Здравствуйте ')}`,
  // No spaces: sentences of Han ended by CJK punctuation, which the parser in C.UTF-8 (Supabase's,
  // PGlite's, the bench cluster's) reads as a break, and in the C locale as letters (docs/spam.md).
  'CJK, no spaces': (r) =>
    `${r}${fill((i) => `${pick(HAN, i, 6 + (i % 7))}${i % 3 ? '，' : '。'}`)}`,
  'CJK beyond the BMP': (r) =>
    `${r}${fill((i) => `${pick(HAN_ASTRAL, i, 6 + (i % 7))}${i % 3 ? '，' : '。'}`)}`,
  emoji: (r) => `${r} ${fill((i) => `${pick(EMOJI, i, 1 + (i % 4))} `)}`,
  // Twenty letters of another script make the rules count that script's letters among 5,000 emoji.
  'emoji, 20 Han': (r) =>
    `${r} ${HAN.slice(0, 20).join('')} ${fill((i) => `${pick(EMOJI, i, 1 + (i % 4))} `)}`,
  'mixed scripts': (r) =>
    `${r} ${fill((i) => `${pick(SCRIPTS[i % SCRIPTS.length]!, i, 3 + (i % 4))}${i % 5 ? ' ' : ''}`)}`,
  Arabic: (r) =>
    `${r} ${fill((i) => `${pick(ARABIC, i, 3 + (i % 5))}${i % 4 ? '' : ARABIC_MARKS[i % 6]} `)}`,
  'blast at its cap': (r) => blast(BLAST_STORED + r),
};

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

const INSERT = `insert into public.contact_submissions (name, email, message) values ($1, $2, $3)
  returning id`;

async function timeInserts(db: Database, message: (round: number) => string) {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Built before the clock starts: the insert's time alone.
    const row = [
      `Bench ${round}`,
      `bench${round}-${Math.random()}@example.com`,
      cut(message(round)),
    ];
    const started = performance.now();
    await db.query(INSERT, row);
    times.push(performance.now() - started);
  }
  return { median: median(times), worst: Math.max(...times) };
}

/**
 * A full batch of the message, in one transaction as the server's batcher sends visitors' leads:
 * what holds the embedded database's one connection, which has no statement timeout.
 */
async function timeBatch(db: Database, message: (round: number) => string) {
  const rows = Array.from({ length: MAX_BATCH }, (_, round) => [
    `Batch ${round}`,
    `batch${round}-${Math.random()}@example.com`,
    cut(message(round)),
  ]);
  const started = performance.now();
  await db.transaction(async (session) => {
    for (const row of rows) await session.query(INSERT, row);
  });
  return performance.now() - started;
}

/**
 * The model taught as an agency teaches it: each message's text stored twice, one lead marked
 * spam and one real, so every word the timed inserts carry is known to it.
 */
async function train(db: Database) {
  for (const message of Object.values(MESSAGES)) {
    for (const spam of [true, false]) {
      const [lead] = await db.query(INSERT, [
        'Trainer',
        `trainer-${Math.random()}@example.com`,
        cut(message(-1)),
      ]);
      await db.query('select app_private.spam_learn($1, $2)', [lead!.id, spam]);
    }
  }
  const [model] = await db.query(`select m.spam_docs, m.ham_docs,
    (select count(*) from app_private.spam_tokens) as words from app_private.spam_model m`);
  return `${model!.spam_docs} spam and ${model!.ham_docs} real marks, ${model!.words} words known`;
}

/** The blast's copies, each from its own address, stored (and scored) before it is timed. */
async function storeBlast(db: Database) {
  const list = Array.from({ length: BLAST_STORED }, (_, n) => n);
  await db.query(
    `insert into public.contact_submissions (name, email, message)
     select * from unnest($1::text[], $2::text[], $3::text[])`,
    [list.map((n) => `Sender ${n}`), list.map((n) => `blast${n}@example.com`), list.map(blast)],
  );
  const [shared] = await db.query(
    `select count(*) as n from public.contact_submissions s
     where s.spam_blast_keys && app_private.spam_blast_keys(app_private.spam_signature_of($1))`,
    [cut(MESSAGES['blast at its cap']!(0))],
  );
  return `${shared!.n} stored leads share a blast key with the next copy`;
}

async function run(label: string, databaseUrl?: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-spam-cost-'));
  const db = await openDatabase({ dataDir, databaseUrl });
  try {
    const trigger = (on: boolean) =>
      db.query(
        `alter table public.contact_submissions ${on ? 'enable' : 'disable'} trigger contact_submissions_score_spam`,
      );
    console.log(`${label.padEnd(9)} model: ${await train(db)}; blast: ${await storeBlast(db)}`);
    let costliest = { name: '', median: 0 };
    for (const [name, message] of Object.entries(MESSAGES)) {
      await trigger(false);
      const without = await timeInserts(db, message);
      await trigger(true);
      const scored = await timeInserts(db, message);
      if (scored.median > costliest.median) costliest = { name, median: scored.median };
      const ms = ({ median, worst }: typeof scored) =>
        `${median.toFixed(2).padStart(7)} (worst ${worst.toFixed(2).padStart(7)}) ms`;
      const added = scored.median - without.median;
      console.log(
        `${label.padEnd(9)} ${name.padEnd(20)} without ${ms(without)}  scored ${ms(scored)}  ` +
          `(${added < 0 ? '−' : '+'}${Math.abs(added).toFixed(2)} ms)`,
      );
    }
    const message = MESSAGES[costliest.name]!;
    await trigger(false);
    const without = await timeBatch(db, message);
    await trigger(true);
    const scored = await timeBatch(db, message);
    console.log(
      `${label.padEnd(9)} ${MAX_BATCH} × ${costliest.name} in one transaction: ` +
        `without ${without.toFixed(0)} ms, scored ${scored.toFixed(0)} ms`,
    );
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await run('embedded');
await withBenchPostgres((url) => run('postgres', url));

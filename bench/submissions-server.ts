/**
 * The server as bench/submissions.ts runs it: its own process (so it has a
 * core to itself, as in production), request logging off unless
 * BENCH_LOG=1, the database from DATA_DIR or DATABASE_URL, and the
 * per-address limit at its ceiling (each benchmark client posts from its own
 * loopback address, well under it). BENCH_WITHOUT=clocks (bench/insert-parts.ts)
 * leaves the clocks at their first round, so a run can price them.
 */
import { startServer } from '../server/start.ts';
import { parseParts, WITHOUT_ENV } from './insert-parts.ts';

/** The longest timer Node keeps: the clocks' second round never comes within a run. */
const NEVER_MS = 2 ** 31 - 1;

const without = parseParts(process.env[WITHOUT_ENV] ?? '');
const server = await startServer({
  port: 0,
  dataDir: process.env.DATA_DIR,
  databaseUrl: process.env.DATABASE_URL || undefined,
  distDir: '/nonexistent',
  logger: process.env.BENCH_LOG === '1',
  rateLimitPerMinute: 10_000,
  ...(without.includes('clocks') ? { clockPollMs: NEVER_MS } : {}),
});
console.log(`listening ${server.url}`);
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));

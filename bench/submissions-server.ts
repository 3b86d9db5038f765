/**
 * The server as bench/submissions.ts runs it: its own process (so it has a
 * core to itself, as in production), request logging off unless
 * BENCH_LOG=1, the database from DATA_DIR or DATABASE_URL, and no
 * per-address limit worth the name (every benchmark client is 127.0.0.1).
 */
import { startServer } from '../server/start.ts';

const server = await startServer({
  port: 0,
  dataDir: process.env.DATA_DIR,
  databaseUrl: process.env.DATABASE_URL || undefined,
  distDir: '/nonexistent',
  logger: process.env.BENCH_LOG === '1',
  rateLimitPerMinute: 1_000_000_000,
});
console.log(`listening ${server.url}`);
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));

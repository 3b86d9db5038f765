/**
 * The server's start-up as production runs it (`node build/server/main.js`,
 * compiled by `npm run build:server`) against the same server through the tsx
 * loader (`node --import tsx server/main.ts`), to show what compiling saves, alternated:
 * the time from spawn to the first healthy answer, the CPU the process spent
 * getting there, and its resident memory once listening. Each start opens a
 * fresh embedded database, so migrations run every time, as on a first start.
 *
 *   npm run build:server && node --import tsx bench/server-start.ts [--runs 5]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { processCpuMs } from './cpu-time.ts';
import { freePort } from '../tests/support/free-port.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const RUNS = Number(values.runs);

const VARIANTS = {
  'compiled (build/server/main.js)': ['build/server/main.js'],
  'tsx loader (server/main.ts)': ['--import', 'tsx', 'server/main.ts'],
} as const;

interface Start {
  ms: number;
  cpuMs: number;
  rssMb: number;
}

async function startOnce(args: readonly string[]): Promise<Start> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, [...args], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DIST_DIR: '/nonexistent' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      const healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) break;
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const ms = performance.now() - began;
    const rssKb = Number(
      /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1],
    );
    return { ms, cpuMs: processCpuMs(child.pid!), rssMb: rssKb / 1024 };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = new Map<string, Start[]>(Object.keys(VARIANTS).map((name) => [name, []]));
for (let run = 0; run < RUNS; run++) {
  for (const [name, args] of Object.entries(VARIANTS))
    results.get(name)!.push(await startOnce(args));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`Server start-up, ${RUNS} alternated runs each (median, min–max)`);
for (const [name, starts] of results) {
  const show = (pick: (s: Start) => number, unit: string) => {
    const xs = starts.map(pick);
    return `${median(xs).toFixed(0)} ${unit} (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})`;
  };
  console.log(
    `${name.padEnd(32)} ready ${show((s) => s.ms, 'ms')}, CPU ${show((s) => s.cpuMs, 'ms')}, ` +
      `RSS ${show((s) => s.rssMb, 'MB')}`,
  );
}

/** bench/compare-insert.ts's printout: each run's line, and the summary of a backend's rounds. */
import type { Phase, RunResult } from './compare-insert-run.ts';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const spread = (xs: number[], digits = 0) =>
  `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;

export const describe = (p: Phase) =>
  `${p.rate.toFixed(0).padStart(5)}/s p50 ${p.p50.toFixed(0).padStart(4)} ms p99 ${p.p99
    .toFixed(0)
    .padStart(4)} ms${p.ranOut ? ' (proofs ran out)' : ''}`;

/**
 * Median and range of each variant, then each variant against the first,
 * paired by round: the two ran minutes apart under the same load, so their
 * ratio holds where the rates themselves swing.
 */
export function summarise(
  backend: string,
  rounds: number,
  labels: string[],
  results: Map<string, RunResult[]>,
) {
  console.log(`\n${backend}: median (range) over ${rounds} rounds`);
  for (const label of labels) {
    const runs = results.get(label)!;
    const pick = (f: (r: RunResult) => number, digits = 0) => spread(runs.map(f), digits);
    console.log(`  ${label}`);
    console.log(
      `    server  ${pick((r) => r.server.rate)} leads/s, p50 ${pick((r) => r.server.p50)} ms, p99 ${pick((r) => r.server.p99)} ms`,
    );
    console.log(
      `    raw     ${pick((r) => r.raw.rate)} leads/s, p50 ${pick((r) => r.raw.p50)} ms, p99 ${pick((r) => r.raw.p99)} ms`,
    );
    console.log(`    server/raw ${pick((r) => r.server.rate / r.raw.rate, 2)}`);
  }
  const [first, ...others] = labels.map((label) => results.get(label)!);
  for (const [i, other] of others.entries()) {
    const server = first!.map((run, round) => run.server.rate / other[round]!.server.rate);
    const raw = first!.map((run, round) => run.raw.rate / other[round]!.raw.rate);
    console.log(
      `  ${labels[0]} / ${labels[i + 1]}, paired by round: ` +
        `server ${spread(server, 2)}, raw ${spread(raw, 2)}`,
    );
  }
}

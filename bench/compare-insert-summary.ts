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

/** The server phase's CPU a lead, server and database together (µs). */
const cpuPerLead = (p: Phase) => (p.cpu ? p.cpu.server + (p.cpu.database ?? 0) : NaN);

/** A run's CPU a lead, as its line shows it: server, and the database's where it is a cluster. */
export const describeCpu = ({ cpu }: Phase) =>
  cpu
    ? `cpu/lead ${cpu.server.toFixed(0)}${cpu.database === undefined ? '' : ` + ${cpu.database.toFixed(0)}`} µs`
    : '';

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
    if (runs.every((r) => r.server.cpu)) {
      const database = runs.every((r) => r.server.cpu!.database !== undefined)
        ? `, the database ${pick((r) => r.server.cpu!.database!)} µs`
        : ' (the embedded database within it)';
      console.log(`    CPU a lead: the server ${pick((r) => r.server.cpu!.server)} µs${database}`);
    }
  }
  const [first, ...others] = labels.map((label) => results.get(label)!);
  for (const [i, other] of others.entries()) {
    const server = first!.map((run, round) => run.server.rate / other[round]!.server.rate);
    const raw = first!.map((run, round) => run.raw.rate / other[round]!.raw.rate);
    // The reverse of the rates' ratio: above 1, the first spends more a lead.
    const cpu = first!.map(
      (run, round) => cpuPerLead(run.server) / cpuPerLead(other[round]!.server),
    );
    console.log(
      `  ${labels[0]} / ${labels[i + 1]}, paired by round: ` +
        `server ${spread(server, 2)}, raw ${spread(raw, 2)}` +
        (cpu.every(Number.isFinite) ? `; the server phase's CPU a lead ${spread(cpu, 2)}×` : ''),
    );
  }
}

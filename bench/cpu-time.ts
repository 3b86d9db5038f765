/**
 * CPU time spent by processes, from Linux's /proc, for benchmarks run on a
 * shared machine: wall-clock rates there swing with everyone else's load,
 * while the CPU a process spends per row changes far less. So each
 * benchmark run can say what a row cost, as well as how many went through.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_S = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** utime, stime, cutime, cstime of one process in ms; zeros when it is gone or not Linux. */
function times(pid: number): { own: number; reaped: number; ppid: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces; the fields follow its ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const at = (field: number) => (Number(fields[field - 3]) * 1000) / TICKS_PER_S;
    return { own: at(14) + at(15), reaped: at(16) + at(17), ppid: Number(fields[1]) };
  } catch {
    return { own: 0, reaped: 0, ppid: 0 };
  }
}

/** CPU ms spent so far by one process (its own threads, not its children). */
export function processCpuMs(pid: number): number {
  return times(pid).own;
}

/**
 * CPU ms spent so far by a PostgreSQL cluster: the postmaster, its live
 * children, and the children it has already reaped (a closed connection's
 * backend). The difference of two readings is what the cluster spent between them.
 */
export function clusterCpuMs(postmasterPid: number): number {
  const postmaster = times(postmasterPid);
  let total = postmaster.own + postmaster.reaped;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = times(Number(entry));
    if (child.ppid === postmasterPid) total += child.own;
  }
  return total;
}

/** The postmaster of the backend serving `backendPid` (its parent). */
export function postmasterOf(backendPid: number): number {
  return times(backendPid).ppid;
}

/** This process's CPU ms so far. */
export function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

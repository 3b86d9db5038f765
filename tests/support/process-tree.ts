import { readdirSync, readFileSync } from 'node:fs';

/** One line of /proc/<pid>/stat, the fields a process tree needs. */
interface ProcessStat {
  pid: number;
  ppid: number;
  pgrp: number;
}

/** Every live process, read from /proc (Linux; the tests run on Debian). */
function allProcesses(): ProcessStat[] {
  const found: ProcessStat[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited while we looked
    }
    // The command name may hold spaces and parentheses: the fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z') continue; // a zombie holds nothing; its parent has not reaped it yet
    found.push({ pid: Number(entry), ppid: Number(fields[1]), pgrp: Number(fields[2]) });
  }
  return found;
}

/** The pids of a process's descendants (children, their children, …), now. */
export function descendantsOf(root: number): number[] {
  const processes = allProcesses();
  const found: number[] = [];
  let frontier = [root];
  while (frontier.length > 0) {
    const children = processes.filter((p) => frontier.includes(p.ppid)).map((p) => p.pid);
    found.push(...children);
    frontier = children;
  }
  return found;
}

/**
 * Which of these pids, or of the processes in this process group, are still
 * alive: an orphan is re-parented to init, but keeps its group.
 */
export function survivors(pids: number[], group: number): number[] {
  return allProcesses()
    .filter((p) => pids.includes(p.pid) || p.pgrp === group)
    .map((p) => p.pid);
}

/** Kills whatever `survivors` finds left: a test's clean-up, should it have failed before its stop. */
export function killSurvivors(pids: number[], group: number): void {
  for (const pid of survivors(pids, group)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // It exited between the listing and the kill.
    }
  }
}

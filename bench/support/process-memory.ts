import { readFileSync } from 'node:fs';

/** A process's resident memory now and at its peak so far, in MB, from /proc/<pid>/status. */
export function processMemory(pid: number | 'self'): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1]);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/** Samples `pid`'s resident memory every SAMPLE_MS until stopped; the highest seen, in MB. */
const SAMPLE_MS = 50;

export function sampleMemory(pid: number): { stop(): number } {
  let highest = 0;
  const take = () => {
    try {
      highest = Math.max(highest, processMemory(pid).rssMb);
    } catch {
      // The process has exited; its last sample stands.
    }
  };
  take();
  const timer = setInterval(take, SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      take();
      return highest;
    },
  };
}

import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** A test file that starts processes: a server, the worker (support/lead-worker.ts), a command-line tool, nginx, npm. */
const startsProcesses = (file: TestSpecification) =>
  /from 'node:child_process'|child-server|lead-worker/.test(readFileSync(file.moduleId, 'utf8'));

/**
 * Files that start processes run first. They are the longest, 10 to 50 s each; Vitest's own
 * order on a fresh clone, with no durations remembered, is the largest file first, which left
 * production-signals.test.ts, a short file that builds the site three times, for last: one worker
 * ran it alone for 47 s while the other had nothing to do. Started first, they run beside the
 * short files, which fill the gaps to the end. Within each group, Vitest's order stands.
 */
export default class ProcessesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Each file read once.
    const first = new Set(sorted.filter(startsProcesses));
    return [...first, ...sorted.filter((file) => !first.has(file))];
  }
}

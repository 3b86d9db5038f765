/**
 * Error stacks are switched off while React's modules first run, and back on
 * before ours do.
 *
 * React DOM creates a few Error objects when its module first runs, as internal
 * markers that are never thrown at a visitor. With DevTools attached (as it is
 * in Lighthouse and in a developer's browser), the first of them makes V8
 * collect source positions for the frames on the stack, which reparses the
 * whole 260 KB script: 25–60 ms in one main-thread task on our test machine,
 * four times that in Lighthouse's simulated phone. Without DevTools we measured
 * no such cost, and nothing here changes what a visitor gets.
 *
 * V8 captures no stack while Error.stackTraceLimit is not a number. The entry
 * imports this module before React and `./boot-error-stacks-end` right after
 * react-dom/client, before any module of ours.
 */
interface StackLimit {
  stackTraceLimit?: unknown;
}

const errorConstructor = Error as StackLimit;
const saved = errorConstructor.stackTraceLimit;
errorConstructor.stackTraceLimit = undefined;

export function restoreErrorStacks(): void {
  errorConstructor.stackTraceLimit = saved;
}

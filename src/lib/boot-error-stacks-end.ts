// Imported by the entry right after react-dom/client: see ./boot-error-stacks.ts.
import { restoreErrorStacks } from './boot-error-stacks.ts';

restoreErrorStacks();

import type { Database } from '../../../server/db/database.ts';
import type { SpiedStatement } from './sql-spy.ts';

/** A node of EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON), with the fields read here. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Filter?: string;
  'Index Cond'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
}

/**
 * The plan of a request's statement as it ran: the request's transaction
 * again (the member's claims, role and timeout, as the spy saw them), its last
 * statement under EXPLAIN ANALYZE. Reads only: running one again changes nothing.
 */
export async function explainAgain(
  database: Database,
  transaction: readonly SpiedStatement[],
): Promise<PlanNode> {
  const read = transaction.at(-1)!;
  const [row] = await database.transaction(async (session) => {
    for (const { sql, params } of transaction.slice(0, -1)) {
      if (params) await session.query(sql, params);
      else await session.exec(sql);
    }
    return session.query(`explain (analyze, buffers, format json) ${read.sql}`, read.params);
  });
  const plan = row!['QUERY PLAN'];
  return ((typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: PlanNode }])[0].Plan;
}

/** Every node of the plan, the root first. */
export const planNodes = (node: PlanNode): PlanNode[] => [
  node,
  ...(node.Plans ?? []).flatMap(planNodes),
];

/** Shared buffers the whole statement hit or read (the root counts its children's). */
export const buffersOf = (root: PlanNode) => root['Shared Hit Blocks'] + root['Shared Read Blocks'];

/** The rows a node looked at, on every loop: those it passed on and those its filter removed. */
export const rowsLookedAt = (node: PlanNode) =>
  (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops'];

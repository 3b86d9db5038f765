import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DatabaseUnavailableError } from '../db/database.ts';
import { refuse } from '../rest/submission-errors.ts';

/** A window is one minute, as the database's (server/db/rate-limit.ts): a refused visitor waits at most that. */
const WINDOW_MS = 60_000;
/**
 * Addresses remembered at once, as @fastify/rate-limit's own store keeps
 * them: a flood from more addresses forgets the oldest window, never memory.
 */
const MAX_ADDRESSES = 5_000;

interface Window {
  count: number;
  startedMs: number;
}

export interface LeadRateLimit {
  /**
   * A submission route's preHandler: counts the request against its address, or,
   * at the limit, lets a repeat of a stored submission through uncounted, or
   * refuses it (429, Retry-After, PostgREST's shape).
   */
  check(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** The insert skipped the row as a repeat: the count it took is given back. */
  refund(request: FastifyRequest): void;
}

/**
 * The in-process limit on a submission route (the page's insert, the form
 * sent without JavaScript), per client address (request.ip,
 * grouped by /64 for IPv6 as @fastify/rate-limit does). A repeat of a stored
 * submission counts against no limit (docs/email-delivery.md), and finding
 * that out takes a query. So the query is made only for a request that would
 * be refused; one under the limit is counted at once, and given back if the
 * database skipped it as a repeat. Asking the database first, for every
 * request, cost a pooled connection and a round trip before each insert: a
 * third of the server's rate on PostgreSQL (docs/benchmarks.md).
 */
export function leadRateLimit(
  perMinute: number,
  isStored: (request: FastifyRequest) => Promise<boolean>,
): LeadRateLimit {
  const windows = new Map<string, Window>();
  const counted = new WeakMap<FastifyRequest, Window>();

  const windowOf = (address: string, now: number): Window => {
    const open = windows.get(address);
    if (open && open.startedMs + WINDOW_MS > now) return open;
    const fresh = { count: 0, startedMs: now };
    windows.delete(address);
    windows.set(address, fresh);
    // A Map keeps insertion order: the first key is the window opened longest ago.
    if (windows.size > MAX_ADDRESSES) windows.delete(windows.keys().next().value!);
    return fresh;
  };

  return {
    async check(request, reply) {
      const now = Date.now();
      const window = windowOf(normalizeIP(request.ip), now);
      if (window.count < perMinute) {
        window.count++;
        counted.set(request, window);
        return;
      }
      // A database that cannot say whether it is a repeat (free) cannot take it either: its 503,
      // not a 429 blaming the visitor for what may be a free repeat of a stored submission.
      const stored = await isStored(request).catch((error: unknown) => {
        if (error instanceof DatabaseUnavailableError) throw error;
        return false;
      });
      if (stored) return;
      const retryAfter = Math.max(1, Math.ceil((window.startedMs + WINDOW_MS - now) / 1000));
      reply.header('retry-after', retryAfter);
      throw refuse.tooManyRequests(perMinute, retryAfter);
    },
    refund(request) {
      const window = counted.get(request);
      if (window && window.count > 0) window.count--;
      counted.delete(request);
    },
  };
}

import { PENDING_STORAGE_KEY } from '../../config/constants';
import type { SubmissionRow } from '../../../shared/validation';

/**
 * The message being sent, with the key drawn for it when the visitor first
 * pressed send (docs/product.md#exactly-once), kept in localStorage until the
 * server confirms it: every attempt, in this tab or on the next visit, sends
 * the same key, and the database stores the key once.
 */
export interface PendingSubmission {
  key: string;
  row: SubmissionRow;
}

export function readPending(): PendingSubmission | null {
  try {
    const saved = JSON.parse(localStorage.getItem(PENDING_STORAGE_KEY) ?? 'null') as unknown;
    if (!saved || typeof saved !== 'object') return null;
    const { key, row } = saved as Record<string, unknown>;
    if (typeof key !== 'string' || !row || typeof row !== 'object') return null;
    return { key, row: row as SubmissionRow };
  } catch {
    return null;
  }
}

function write(pending: PendingSubmission | null) {
  try {
    if (pending) localStorage.setItem(PENDING_STORAGE_KEY, JSON.stringify(pending));
    else localStorage.removeItem(PENDING_STORAGE_KEY);
  } catch {
    // Storage full or blocked: this tab still retries; only the next visit cannot.
  }
}

/**
 * The pending submission for these words: the one already waiting if it holds
 * the same words (a second press is the same submission), else a new key.
 */
export function pendingFor(row: SubmissionRow): PendingSubmission {
  const current = readPending();
  const same =
    current &&
    current.row.name === row.name &&
    current.row.email === row.email &&
    current.row.message === row.message &&
    Boolean(current.row.suspected_spam) === Boolean(row.suspected_spam);
  const pending = same ? current : { key: crypto.randomUUID(), row };
  write(pending);
  return pending;
}

/** Confirmed, cancelled, or the form cleared: nothing is sent for it again. */
export function forgetPending(key?: string) {
  if (key === undefined || readPending()?.key === key) write(null);
}

/** Whether this key is still the one to send (not confirmed elsewhere, not cancelled). */
export function stillPending(key: string): boolean {
  return readPending()?.key === key;
}

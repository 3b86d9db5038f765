import type { Session } from '@supabase/auth-js';
import { leadIdOf } from '../../shared/paths';
import { INBOX_SESSION_KEY } from '../config/inbox';
import { apiBase, apiHeaders } from './api-base';
import { LEAD_READS, leadReadUrl } from './lead-reads';

/**
 * A tap on an alert opens /inbox/#lead=<id> in a new window: the member's stored
 * token and the lead are known before React and the Supabase clients have run, so
 * the lead's four reads start then (from an inline script in the inbox's <head>,
 * src/boot/inbox-early-reads.ts), with the same requests supabase-js would make
 * (lead-reads.ts), and supabase.ts hands each answer to the first identical read.
 * Nothing starts without a stored, unexpired token: auth-js refreshes an expired one
 * first, and the reads then go as they always do.
 */

/** A token this close to its expiry is left to auth-js, which refreshes it before reading. */
const EARLY_TOKEN_MARGIN_MS = 10_000;
/** An early answer is for the opening it was started for, not a read much later. */
const EARLY_ANSWER_TTL_MS = 10_000;

interface StoredSession {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_at?: unknown;
}

function storedSession(): StoredSession | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(INBOX_SESSION_KEY) ?? 'null');
    return value && typeof value === 'object' ? (value as StoredSession) : null;
  } catch {
    return null; // no storage (a private window's refusal) or not JSON: as signed out
  }
}

/** A session auth-js can restore: it may still refresh it, or find it over. */
const restorable = (session: StoredSession | null) =>
  typeof session?.access_token === 'string' && typeof session.refresh_token === 'string';

/** True when auth-js holds a session to restore. */
export function hasStoredSession(): boolean {
  return restorable(storedSession());
}

/**
 * The session auth-js stored, as it will restore it, unless none is stored or its token
 * expires within the margin (auth-js refreshes that one first).
 */
export function usableSession(now = Date.now()): Session | null {
  const session = storedSession();
  if (
    !restorable(session) ||
    typeof session?.expires_at !== 'number' ||
    session.expires_at * 1000 <= now + EARLY_TOKEN_MARGIN_MS
  ) {
    return null;
  }
  return session as Session;
}

interface EarlyRead {
  started: number;
  answer: Promise<Response | null>;
}

declare global {
  interface Window {
    /** Started by the inline script, taken by the app's bundle: each has its own copy of this module. */
    inboxEarlyReads?: Map<string, EarlyRead>;
  }
}

const earlyReads = () => (window.inboxEarlyReads ??= new Map());

/**
 * Set on <html> by the inline script when a session is stored, so the sign-in form of the
 * HTML is not laid out and painted for a member (inbox.css); the app takes it off once it
 * has rendered in the form's place (InboxApp).
 */
export const RESTORING_ATTRIBUTE = 'data-restoring';

/** Marks the page as restoring a stored session, before its first paint. */
export function markRestoring(): void {
  if (hasStoredSession()) document.documentElement.setAttribute(RESTORING_ATTRIBUTE, '');
}

/** Starts the reads of the lead the address names, for a member whose token is stored. */
export function startEarlyLeadReads(): void {
  const id = leadIdOf(window.location.hash);
  const started = Date.now();
  const session = usableSession(started);
  if (id === null || session === null) return;
  const headers = apiHeaders(session.access_token);
  for (const read of Object.values(LEAD_READS)) {
    const url = leadReadUrl(apiBase(), read, id);
    earlyReads().set(url, { started, answer: fetch(url, { headers }).catch(() => null) });
  }
}

/** The early answer to a GET of `url`, at most once; undefined when none is waiting. */
export function takeEarlyRead(url: string): Promise<Response | null> | undefined {
  const early = earlyReads();
  const read = early.get(url);
  early.delete(url);
  return read && Date.now() - read.started < EARLY_ANSWER_TTL_MS ? read.answer : undefined;
}

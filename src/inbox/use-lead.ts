import { useCallback, useEffect, useRef, useState } from 'react';
import { INBOX_REPLY_POLL_MS } from '../config/inbox';
import { closeLeadAlert } from './alerts/close-alert';
import type { Lead, LeadActivity, LeadNote, LeadReply } from './lead';
import { getLead, leadActivity, leadNotes, leadReplies, markRead } from './queries';
import { useRefresh } from './use-refresh';

interface OpenLead {
  lead: Lead;
  notes: LeadNote[];
  activity: LeadActivity[];
  replies: LeadReply[];
}

export type OpenLeadState =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'failed' }
  | ({ state: 'ready' } & OpenLead);

/**
 * One lead with its notes, replies and activity, read again after each
 * change, on focus, every minute, and every few seconds while a reply waits.
 * Opening it marks it read for this member, once per opening
 * (inbox_mark_read records that in the activity, and the first opening by
 * anyone is the lead's first_seen_at); its alert on this device closes.
 */
export function useLead(id: number, onRead: () => void) {
  const [result, setResult] = useState<OpenLeadState>({ state: 'loading' });
  const generation = useRef(0);

  const load = useCallback(async () => {
    const mine = ++generation.current;
    try {
      const [lead, notes, activity, replies] = await Promise.all([
        getLead(id),
        leadNotes(id),
        leadActivity(id),
        leadReplies(id),
      ]);
      if (mine !== generation.current) return;
      setResult(lead ? { state: 'ready', lead, notes, activity, replies } : { state: 'missing' });
    } catch (error) {
      if (mine !== generation.current) return;
      console.warn('Inbox: the lead could not be read', error);
      setResult({ state: 'failed' });
    }
  }, [id]);

  const readOnce = useRef(onRead);
  useEffect(() => {
    readOnce.current = onRead;
  });
  useEffect(() => {
    setResult({ state: 'loading' });
    let cancelled = false;
    // The lead's words first (a tap on an alert waits on them), its read marker beside them;
    // once marked, the list's dot and the lead's activity are read again.
    void load();
    void closeLeadAlert(id).catch(() => undefined);
    void markRead(id).then(
      () => {
        if (cancelled) return;
        readOnce.current();
        void load();
      },
      (error: unknown) => console.warn('Inbox: not marked read', error),
    );
    return () => {
      cancelled = true;
    };
  }, [id, load]);

  useRefresh(load);
  // A reply on its way: read again shortly, so its state and the lead's change show.
  const waiting =
    result.state === 'ready' && result.replies.some((reply) => reply.state === 'waiting');
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(() => void load(), INBOX_REPLY_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [waiting, load, result]);
  return { ...result, reload: load };
}

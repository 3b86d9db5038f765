import { useCallback, useEffect, useRef, useState } from 'react';
import type { Lead, LeadActivity, LeadNote } from './lead';
import { closeLeadAlert } from './alerts/close-alert';
import { getLead, leadActivity, leadNotes, markRead } from './queries';
import { useRefresh } from './use-refresh';

interface OpenLead {
  lead: Lead;
  notes: LeadNote[];
  activity: LeadActivity[];
}

export type OpenLeadState =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'failed' }
  | ({ state: 'ready' } & OpenLead);

/**
 * One lead with its notes and activity, read again after each change, on
 * focus and every minute. Opening it marks it read for this member, once
 * per opening (inbox_mark_read records that in the activity, and the first
 * opening by anyone is the lead's first_seen_at); its alert on this device closes.
 */
export function useLead(id: number, onRead: () => void) {
  const [result, setResult] = useState<OpenLeadState>({ state: 'loading' });
  const generation = useRef(0);

  const load = useCallback(async () => {
    const mine = ++generation.current;
    try {
      const [lead, notes, activity] = await Promise.all([
        getLead(id),
        leadNotes(id),
        leadActivity(id),
      ]);
      if (mine !== generation.current) return;
      setResult(lead ? { state: 'ready', lead, notes, activity } : { state: 'missing' });
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
  return { ...result, reload: load };
}

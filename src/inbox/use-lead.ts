import { useCallback, useEffect, useRef, useState } from 'react';
import type { Lead, LeadActivity, LeadNote } from './lead';
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
 * per opening (inbox_mark_read records that in the activity).
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
    void (async () => {
      await markRead(id).catch((error) => console.warn('Inbox: not marked read', error));
      if (cancelled) return;
      readOnce.current();
      await load();
    })();
    return () => {
      cancelled = true;
    };
  }, [id, load]);

  useRefresh(load);
  return { ...result, reload: load };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { INBOX_PAGE_SIZE } from '../config/inbox';
import type { Lead, LeadView } from './lead';
import { InboxRequestError } from './api';
import { listLeads } from './queries';
import { inboxClients } from './supabase';
import { useRefresh } from './use-refresh';

export interface LeadsState {
  leads: Lead[];
  total: number;
  /** loading: the first answer for this view has not come; failed: the last read failed. */
  state: 'loading' | 'ready' | 'failed';
  /** When the list last came from the server. */
  updatedAt: Date | null;
}

/**
 * The leads of a view, newest first: the first page, more on request, read
 * again (as many as are shown) on focus, every minute and after a change.
 * An answer for a view no longer shown is dropped.
 */
export function useLeads(view: LeadView) {
  const [shown, setShown] = useState(INBOX_PAGE_SIZE);
  const [result, setResult] = useState<LeadsState>({
    leads: [],
    total: 0,
    state: 'loading',
    updatedAt: null,
  });
  const generation = useRef(0);
  const { tab, status, search, sort } = view;

  const load = useCallback(
    async (limit: number) => {
      const mine = ++generation.current;
      try {
        const page = await listLeads({ tab, status, search, sort }, 0, limit);
        if (mine !== generation.current) return;
        setResult({ ...page, state: 'ready', updatedAt: new Date() });
      } catch (error) {
        if (mine !== generation.current) return;
        // 401: the token is refused (a removed member, a key rotated): the session is over.
        if (error instanceof InboxRequestError && error.status === 401) {
          void inboxClients().auth.signOut({ scope: 'local' });
          return;
        }
        console.warn('Inbox: the leads could not be read', error);
        setResult((before) => ({ ...before, state: 'failed' }));
      }
    },
    [tab, status, search, sort],
  );

  // A new view starts at its first page.
  useEffect(() => {
    setShown(INBOX_PAGE_SIZE);
    setResult((before) => ({ ...before, state: 'loading' }));
    void load(INBOX_PAGE_SIZE);
  }, [load]);

  const refresh = useCallback(() => void load(shown), [load, shown]);
  useRefresh(refresh);

  const showMore = useCallback(() => {
    const next = shown + INBOX_PAGE_SIZE;
    setShown(next);
    void load(next);
  }, [load, shown]);

  return { ...result, refresh, showMore };
}

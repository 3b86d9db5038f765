import type { Session } from '@supabase/auth-js';
import { useEffect, useState } from 'react';
import { goLive, onLiveState, stopLive, type LiveState } from './live';

/**
 * Keeps the live connection open while a member is signed in, with their
 * current token (supabase-js refreshes it; each new one is handed on), and
 * says whether changes arrive live or by the one-minute refresh.
 */
export function useLive(session: Session | null | undefined): LiveState {
  const [state, setState] = useState<LiveState>('polling');
  const token = session?.access_token;
  useEffect(() => onLiveState(setState), []);
  useEffect(() => {
    if (token) {
      goLive(token).catch((error: unknown) => console.warn('Inbox: not live', error));
    } else if (session === null) {
      void stopLive();
    }
  }, [token, session]);
  return state;
}

import type { Session } from '@supabase/auth-js';
import { useEffect, useState } from 'react';
import { inboxClients } from './supabase';

/**
 * The member's session: `undefined` while the stored one is read (and in the
 * prerendered HTML), `null` when signed out. supabase-js keeps it in storage
 * and refreshes it before it expires; a stored session is checked with the
 * server once (getUser), so a removed member is signed out on their next visit.
 */
export function useSession(): Session | null | undefined {
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  useEffect(() => {
    const { auth } = inboxClients();
    const { data } = auth.onAuthStateChange((_event, next) => setSession(next));
    void (async () => {
      const { data: stored } = await auth.getSession();
      if (!stored.session) return setSession(null);
      // With the token named, auth-js checks it without holding its lock, so the first reads
      // (which ask auth-js for the session) need not wait for this round trip.
      const { error } = await auth.getUser(stored.session.access_token);
      // Refused (401/403): the session is over. No answer (offline): keep it and let reads retry.
      if (error?.status === 401 || error?.status === 403) {
        await auth.signOut({ scope: 'local' });
      }
    })();
    return () => data.subscription.unsubscribe();
  }, []);
  return session;
}

import type { Session } from '@supabase/auth-js';
import { useEffect, useState } from 'react';
import { inboxClients } from './supabase';

/**
 * The member's session: `stored` (the session auth-js keeps, read from its storage before
 * React ran), else `undefined` while the stored one is read (and in the prerendered
 * HTML), then `null` when signed out. supabase-js keeps it in storage
 * and refreshes it before it expires; a stored session is checked with the
 * server once (getUser), so a removed member is signed out on their next visit.
 */
export function useSession(stored: Session | null = null): Session | null | undefined {
  const [session, setSession] = useState<Session | null | undefined>(stored ?? undefined);
  useEffect(() => {
    const { auth } = inboxClients();
    const { data } = auth.onAuthStateChange((event, next) =>
      // The stored session restored as it was already shown: kept, so nothing renders twice.
      setSession((shown) =>
        event === 'INITIAL_SESSION' && shown?.access_token === next?.access_token ? shown : next,
      ),
    );
    void (async () => {
      const { data: restored } = await auth.getSession();
      if (!restored.session) return setSession(null);
      // With the token named, auth-js checks it without holding its lock, so the first reads
      // (which ask auth-js for the session) need not wait for this round trip.
      const { error } = await auth.getUser(restored.session.access_token);
      // Refused (401/403): the session is over. No answer (offline): keep it and let reads retry.
      if (error?.status === 401 || error?.status === 403) {
        await auth.signOut({ scope: 'local' });
      }
    })();
    return () => data.subscription.unsubscribe();
  }, []);
  return session;
}

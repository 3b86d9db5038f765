import type { Session } from '@supabase/auth-js';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LeadView } from '../lead';
import { useLive } from '../use-live';
import { useSession } from '../use-session';
import { useOpenFromAlert } from '../alerts/use-open-from-alert';
import { useResubscribe } from '../alerts/use-resubscribe';
import { FiguresView } from '../figures/figures-view';
import { AlertsView } from '../alerts/alerts-view';
import { InboxHeader, type InboxPage } from './inbox-header';
import { OfflineNotice } from './offline-notice';
import { SignIn } from './sign-in';
import { Workspace } from './workspace';

const FIRST_VIEW: LeadView = { tab: 'inbox', status: '', search: '', sort: 'newest' };

/**
 * The inbox page. Prerendered signed out (the sign-in form is in the HTML);
 * once the stored session is read, a member sees the workspace. A session
 * that ends without the member signing out (a refused refresh, a removed
 * member) says so on the sign-in form.
 */
export function InboxApp() {
  const session = useSession();
  const live = useLive(session);
  const [view, setView] = useState(FIRST_VIEW);
  const onView = useCallback(
    (change: Partial<LeadView>) => setView((before) => ({ ...before, ...change })),
    [],
  );
  const ended = useSessionEnded(session);
  const [page, setPage] = useState<InboxPage>('leads');
  useResubscribe(Boolean(session));
  useOpenFromAlert(useCallback(() => setPage('leads'), []));

  return (
    <>
      <InboxHeader
        email={session?.user.email ?? null}
        view={view}
        onSignOut={ended.signingOut}
        page={page}
        onPage={setPage}
        live={live}
      />
      <main id="main" className="mx-auto w-full max-w-7xl px-4 pt-6 pb-16 sm:px-6 lg:px-8">
        <OfflineNotice />
        {!session ? (
          <SignIn ended={ended.value} />
        ) : page === 'figures' ? (
          <FiguresView />
        ) : page === 'alerts' ? (
          <AlertsView />
        ) : (
          <Workspace view={view} onView={onView} />
        )}
      </main>
    </>
  );
}

/** True once a session has gone without the member pressing "Sign out". */
function useSessionEnded(session: Session | null | undefined) {
  const [value, setValue] = useState(false);
  const had = useRef(false);
  const leaving = useRef(false);
  useEffect(() => {
    if (session) {
      had.current = true;
      leaving.current = false;
      setValue(false);
    } else if (session === null && had.current) {
      had.current = false;
      setValue(!leaving.current);
    }
  }, [session]);
  const signingOut = useCallback(() => {
    leaving.current = true;
  }, []);
  return { value, signingOut };
}

import type { Session } from '@supabase/auth-js';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { RESTORING_ATTRIBUTE } from '../early-lead-reads';
import type { LeadView } from '../lead';
import { useLive } from '../use-live';
import { useSession } from '../use-session';
import { useOpenFromAlert } from '../alerts/use-open-from-alert';
import { useResubscribe } from '../alerts/use-resubscribe';
import { FiguresView } from '../figures/figures-view';
import { AlertsView } from '../alerts/alerts-view';
import { prepareToasts } from '../inbox-toast';
import { InboxHeader, type InboxPage } from './inbox-header';
import { OfflineNotice } from './offline-notice';
import { SessionEnded } from './session-ended';
import { SignIn } from './sign-in';
import { MAIN_ID, SkipLink } from './skip-link';
import { Workspace } from './workspace';

const FIRST_VIEW: LeadView = { tab: 'inbox', status: '', search: '', sort: 'newest' };

/**
 * The inbox page. Prerendered signed out (the sign-in form is in the HTML);
 * once the stored session is read, a member sees the workspace. While a stored
 * session is read (`restoring`), nothing is shown in its place: not the form a
 * member who is signed in would see flash by. A session that ends without the
 * member signing out (a refused refresh, a removed member) says so above the
 * sign-in form (session-ended.tsx).
 */
export function InboxApp({
  restoring = false,
  stored = null,
}: {
  restoring?: boolean;
  /** The stored session, while its token is good: the workspace needs not wait for auth-js. */
  stored?: Session | null;
}) {
  const session = useSession(stored);
  const live = useLive(session);
  const [view, setView] = useState(FIRST_VIEW);
  const onView = useCallback(
    (change: Partial<LeadView>) => setView((before) => ({ ...before, ...change })),
    [],
  );
  const ended = useSessionEnded(session);
  const [page, setPage] = useState<InboxPage>('leads');
  useResubscribe(Boolean(session));
  const signedIn = Boolean(session);
  useEffect(() => {
    if (signedIn) prepareToasts();
  }, [signedIn]);
  // Rendered in the form's place: what the app shows from now on is shown (inbox.css).
  useLayoutEffect(() => document.documentElement.removeAttribute(RESTORING_ATTRIBUTE), []);
  useOpenFromAlert(useCallback(() => setPage('leads'), []));

  return (
    <>
      <SkipLink toLeads={signedIn && page === 'leads'} />
      <InboxHeader
        email={session?.user.email ?? null}
        view={view}
        onSignOut={ended.signingOut}
        page={page}
        onPage={setPage}
        live={live}
      />
      <main
        id={MAIN_ID}
        className="mx-auto w-full max-w-7xl px-4 pt-6 pb-16 focus:outline-none sm:px-6 lg:px-8"
      >
        <OfflineNotice />
        <SessionEnded ended={ended.value} />
        {session === undefined && restoring ? null : !session ? (
          <SignIn afterSession={ended.after} />
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

/**
 * `value`: true once a session has gone without the member pressing "Sign out". `after`: true
 * once a session has gone at all, so the form shown is in the place of the workspace.
 */
function useSessionEnded(session: Session | null | undefined) {
  const [value, setValue] = useState(false);
  const [after, setAfter] = useState(false);
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
      setAfter(true);
    }
  }, [session]);
  const signingOut = useCallback(() => {
    leaving.current = true;
  }, []);
  return { value, after, signingOut };
}

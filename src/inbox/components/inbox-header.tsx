import { useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { Wordmark } from '../../components/ui/wordmark';
import { alertsCopy } from '../alerts/alerts-copy';
import { inboxCopy } from '../../content/inbox';
import { clockCopy } from '../../content/lead-clocks';
import { ThemeToggle } from '../../features/theme/theme-toggle';
import { exportView } from '../export-csv';
import type { LeadView } from '../lead';
import { notify } from '../inbox-toast';
import { forgetPushDevices } from '../alerts/push-api';
import { forgetThisDevice } from '../alerts/this-device';
import { inboxClients } from '../supabase';
import type { LiveState } from '../live';

interface InboxHeaderProps {
  /** The signed-in member's address; null when signed out. */
  email: string | null;
  view: LeadView;
  /** Called just before the member signs out. */
  onSignOut: () => void;
  /** What the main area shows (the leads, the figures or the alerts), and how to switch. */
  page: InboxPage;
  onPage: (page: InboxPage) => void;
  /** Whether changes show as they happen or by the minute's refresh. */
  live: LiveState;
}

export type InboxPage = 'leads' | 'figures' | 'alerts';

const copy = inboxCopy.header;
const headingClass = 'text-lg font-semibold text-muted';

/** The brand, the theme toggle and, signed in: who, "Export CSV" and "Sign out". */
export function InboxHeader({ email, view, onSignOut, page, onPage, live }: InboxHeaderProps) {
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      void notify('success', inboxCopy.exported(await exportView(view)));
    } catch (error) {
      console.warn('Inbox: the export failed', error);
      void notify('error', inboxCopy.exportFailed);
    } finally {
      setExporting(false);
    }
  };

  const signOut = async () => {
    onSignOut();
    // Signing out everywhere ends alerts everywhere too (our server's logout does it as well).
    await forgetPushDevices().catch((error: unknown) => console.warn('Inbox: devices kept', error));
    const { error } = await inboxClients().auth.signOut();
    // Refused or unreachable: the session still ends on this device.
    if (error) await inboxClients().auth.signOut({ scope: 'local' });
    await forgetThisDevice().catch(() => undefined);
  };

  return (
    <header className="border-b border-line bg-surface">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2 sm:px-6 lg:px-8">
        <div className="flex items-center gap-3">
          <Wordmark />
          {/* Signed out, the sign-in form holds the page's one h1. */}
          {email ? (
            <h1 className={headingClass}>{inboxCopy.heading}</h1>
          ) : (
            <span className={headingClass}>{inboxCopy.heading}</span>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {email ? (
            <>
              <span className="hidden text-sm text-muted lg:inline">{copy.signedInAs(email)}</span>
              <p
                role="status"
                data-live={live}
                className="text-sm text-muted before:mr-1.5 before:inline-block before:size-2 before:rounded-full before:bg-line data-[live=live]:before:bg-cool"
              >
                {copy.live[live]}
              </p>
              {(
                [
                  ['figures', clockCopy.figures.show],
                  ['alerts', alertsCopy.view.show],
                ] as const
              ).map(([shows, label]) => (
                <button
                  key={shows}
                  type="button"
                  aria-pressed={page === shows}
                  onClick={() => onPage(page === shows ? 'leads' : shows)}
                  className={buttonClass('outline', 'px-4 text-sm aria-pressed:bg-raised')}
                >
                  {label}
                </button>
              ))}
              <button
                type="button"
                onClick={exportCsv}
                disabled={exporting}
                aria-busy={exporting}
                className={buttonClass('outline', 'px-4 text-sm')}
              >
                {copy.exportCsv}
              </button>
              <button
                type="button"
                onClick={signOut}
                className={buttonClass('ghost', 'px-4 text-sm')}
              >
                {copy.signOut}
              </button>
            </>
          ) : null}
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}

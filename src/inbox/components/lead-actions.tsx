import { useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { inboxCopy } from '../../content/inbox';
import type { LeadStatus } from '../../../shared/lead-status';
import type { Lead } from '../lead';
import { notify } from '../inbox-toast';
import { InboxRequestError } from '../api';
import { eraseLead, markSpam, notSpam, setStatus } from '../queries';
import { EraseDialog } from './erase-dialog';

const copy = inboxCopy.actions;

/** The status buttons, in the order a lead's life takes. */
const STATUS_ACTIONS: readonly [LeadStatus, string][] = [
  ['replied', copy.replied],
  ['diagnosed', copy.diagnosed],
  ['won', copy.won],
  ['lost', copy.lost],
  ['archived', copy.archive],
];

interface LeadActionsProps {
  lead: Lead;
  /** After a change: the lead and the list are read again. */
  onChanged: () => void;
  onErased: () => void;
}

function problem(error: unknown): string {
  return error instanceof InboxRequestError && error.status === 403 ? copy.forbidden : copy.failed;
}

/** What a member does to a lead; each is an RPC that checks membership and records it. */
export function LeadActions({ lead, onChanged, onErased }: LeadActionsProps) {
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const run = async (action: () => Promise<void>, done: string, after: () => void) => {
    setBusy(true);
    try {
      await action();
      void notify('success', done);
      after();
    } catch (error) {
      console.warn('Inbox: the change failed', error);
      void notify('error', problem(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div role="group" aria-label={copy.label} className="flex flex-wrap gap-2">
      {lead.suspected_spam
        ? null
        : STATUS_ACTIONS.map(([status, label]) => {
            // aria-disabled, not disabled: a disabled button drops the focus to the page, and
            // the one just pressed turns so as the lead takes its status.
            const unavailable = busy || lead.status === status;
            return (
              <button
                key={status}
                type="button"
                aria-disabled={unavailable}
                onClick={() => {
                  if (unavailable) return;
                  void run(() => setStatus(lead.id, status), copy.done[status], onChanged);
                }}
                className={buttonClass(
                  'outline',
                  'px-4 text-sm aria-disabled:cursor-not-allowed aria-disabled:opacity-70',
                )}
              >
                {label}
              </button>
            );
          })}
      {/*
       * "Spam" and "Not spam" are one button in one place, and aria-disabled rather than
       * disabled while the change is made: the focus stays on it as it turns into its twin.
       */}
      <button
        type="button"
        aria-disabled={busy}
        onClick={() => {
          if (busy) return;
          void (lead.suspected_spam
            ? run(() => notSpam(lead.id), copy.notSpamDone(lead.status), onChanged)
            : run(() => markSpam(lead.id), copy.spamDone, onChanged));
        }}
        className={buttonClass(
          lead.suspected_spam ? 'warm' : 'outline',
          'px-4 text-sm aria-disabled:cursor-not-allowed aria-disabled:opacity-70',
        )}
      >
        {lead.suspected_spam ? copy.notSpam : copy.spam}
      </button>
      <button
        type="button"
        disabled={busy}
        onClick={() => setConfirming(true)}
        className={buttonClass('outline', 'px-4 text-sm text-danger!')}
      >
        {copy.erase}
      </button>
      <EraseDialog
        open={confirming}
        lead={lead}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void run(() => eraseLead(lead.id), copy.erased, onErased);
        }}
      />
    </div>
  );
}

import { useRef, useState } from 'react';
import { REPLY_MAX_CHARS } from '../../shared/reply-quote';
import { inboxCopy } from '../content/inbox';
import type { Lead } from './lead';
import { notify } from './inbox-toast';
import { InboxRequestError } from './api';
import { sendReply } from './queries';

const copy = inboxCopy.reply;

/** Why a reply was not stored, in words: PostgREST's status tells which rule refused it. */
function problem(error: unknown): string {
  if (!(error instanceof InboxRequestError)) return inboxCopy.actions.failed;
  if (error.status === 429) return copy.rateLimited;
  if (error.status === 403) return inboxCopy.actions.forbidden;
  if (error.status === 400) return copy.tooLong(REPLY_MAX_CHARS);
  return inboxCopy.actions.failed;
}

/**
 * The composer's state: closed, or open with the words so far (starting from
 * a greeting with the lead's name), and whether it is being stored now.
 * "Send reply" stores the reply (inbox_send_reply); the worker sends it.
 */
export function useReplyComposer(lead: Lead, onSent: () => void) {
  const [open, setOpen] = useState(false);
  const [body, setBody] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');

  const start = () => {
    setBody(copy.greeting(lead.name));
    setError('');
    setOpen(true);
  };
  // One send at a time: the button stays focusable (aria-disabled) while a reply is stored.
  const inFlight = useRef(false);
  const send = async () => {
    if (inFlight.current) return;
    if (!body.trim()) {
      setError(copy.empty);
      return;
    }
    inFlight.current = true;
    setSending(true);
    setError('');
    try {
      await sendReply(lead.id, body);
      setOpen(false);
      setBody('');
      void notify('success', copy.queued);
      onSent();
    } catch (failure) {
      console.warn('Inbox: the reply was not stored', failure);
      setError(problem(failure));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };
  return { open, body, setBody, sending, error, start, cancel: () => setOpen(false), send };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { PENDING_RESEND_INTERVAL_MS } from '../../config/constants';
import { contactCopy } from '../../content/contact';
import { MESSAGES } from '../../../shared/copy/contact-messages';
import { getToast } from '../toasts/notify';
import {
  forgetPending,
  pendingFor,
  readPending,
  type PendingSubmission,
} from './pending-submission';
import { submissionReference } from '../../../shared/reference';
import type { SubmissionRow } from '../../../shared/validation';

const copy = contactCopy.form;

const loadSender = () => import('./submit-contact');

/**
 * The reply time for the thanks (docs/lead-clocks.md), by the clock at
 * `accepted`; loaded with the thanks, never in the first view. A chunk that
 * does not load leaves the thanks without it.
 */
const responseTimeAt = (accepted: Date) =>
  import('./response-sentence').then(
    ({ responseTimeSentence }) => responseTimeSentence(accepted),
    () => undefined,
  );

/** Loads the sender ahead (the form gained focus), so a send made offline needs no download. */
export function prepareSending() {
  void loadSender().catch(() => {});
}

/** The server refused (submit-contact.ts); anything else (a chunk that did not load) is no response. */
const refused = (error: unknown) => error instanceof Error && error.name === 'RefusedError';

/**
 * The form's sending, exactly once (docs/product.md#exactly-once): a press
 * sends with retries under the loading toast; what cannot be sent yet waits
 * on this device and is sent by itself on the `online` event, on a timer
 * while the page is open, and on the next visit, always with its first key.
 * `onSent` runs with the confirmed row once the server has confirmed it.
 */
export function usePendingSubmission(onSent: (row: SubmissionRow) => void) {
  /** A message waits on this device (the note by the button shows). */
  const [waiting, setWaiting] = useState(false);
  const busy = useRef(false);
  const sentRef = useRef(onSent);
  sentRef.current = onSent;

  const confirmed = useCallback(async (pending: PendingSubmission, toastId?: string | number) => {
    // The moment the lead was accepted, before anything else loads.
    const responseTime = responseTimeAt(new Date());
    forgetPending(pending.key);
    setWaiting(false);
    sentRef.current(pending.row);
    const toast = await getToast();
    toast.success(MESSAGES.sent, {
      id: toastId,
      description: copy.reference(submissionReference(pending.key), await responseTime),
    });
  }, []);

  /** A waiting message, tried once more in the background. */
  const resend = useCallback(async () => {
    const pending = readPending();
    if (!pending || busy.current) return;
    busy.current = true;
    try {
      const { sendPending } = await loadSender();
      const outcome = await sendPending(pending, { retryFor: 0 });
      if (outcome === 'sent') await confirmed(pending);
      if (outcome === 'cancelled') setWaiting(false);
    } catch (error) {
      console.error('Contact submission failed', error);
      if (!refused(error)) return;
      // Refused (the rules changed, say): the words stay in the form to send again.
      forgetPending(pending.key);
      setWaiting(false);
      (await getToast()).error(MESSAGES.failed);
    } finally {
      busy.current = false;
    }
  }, [confirmed]);

  useEffect(() => {
    // The next visit: a message saved last time goes now.
    if (readPending()) {
      setWaiting(true);
      void resend();
    }
    const onOnline = () => void resend();
    window.addEventListener('online', onOnline);
    const timer = window.setInterval(onOnline, PENDING_RESEND_INTERVAL_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      window.clearInterval(timer);
    };
  }, [resend]);

  /** The visitor pressed send. Resolves when it is confirmed, refused or saved. */
  const submit = useCallback(
    async (row: SubmissionRow) => {
      const pending = pendingFor(row);
      busy.current = true;
      // Offline before the toasts' code arrived: the send goes on, and the note by the
      // button says the message waits on this device.
      const toast = await getToast().catch(() => null);
      const toastId = toast?.loading(copy.sendingToast);
      try {
        const { sendPending } = await loadSender();
        const outcome = await sendPending(pending);
        if (outcome === 'sent') return void (await confirmed(pending, toastId));
        if (outcome === 'saved') {
          console.error('Contact submission not confirmed yet: saved on this device');
          setWaiting(true);
        }
        toast?.error(MESSAGES.failed, {
          id: toastId,
          description: outcome === 'saved' ? copy.savedOnDevice : undefined,
        });
      } catch (error) {
        console.error('Contact submission failed', error);
        // A refusal: shown at once, nothing saved; the words stay in the fields.
        // Anything else (the sender's code did not load): saved for later.
        const saved = !refused(error);
        if (saved) setWaiting(true);
        else forgetPending(pending.key);
        toast?.error(MESSAGES.failed, {
          id: toastId,
          description: saved ? copy.savedOnDevice : undefined,
        });
      } finally {
        busy.current = false;
      }
    },
    [confirmed],
  );

  /** Cancelled, or the form cleared: never sent. */
  const cancel = useCallback(() => {
    forgetPending();
    setWaiting(false);
  }, []);

  return { submit, waiting, cancel };
}

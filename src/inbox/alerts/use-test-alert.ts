import { useEffect, useRef, useState } from 'react';
import { alertsCopy } from './alerts-copy';
import { notify } from '../inbox-toast';
import { InboxRequestError } from '../api';
import { sendTestAlert, testAlertResults, type TestAlertResult } from './push-api';

const copy = alertsCopy.testAlert;

/** How often the answers are read while some device's is still awaited. */
const POLL_MS = 1_000;
/** A push service that has not answered by then will not while anyone watches (the sender's timeout is 10 s). */
const WATCH_MS = 15_000;

/**
 * "Send a test alert": queues the batch, then reads each device's answer
 * until none is waiting (or WATCH_MS has passed), and says so once done so
 * the device list can drop a device whose subscription had ended.
 */
export function useTestAlert(onAnswered: () => void) {
  const [results, setResults] = useState<TestAlertResult[] | null>(null);
  const [sending, setSending] = useState(false);
  const watch = useRef(0);
  useEffect(() => () => void (watch.current += 1), []);

  const send = async () => {
    const run = ++watch.current;
    setSending(true);
    try {
      const batch = await sendTestAlert();
      const until = Date.now() + WATCH_MS;
      for (;;) {
        const answers = await testAlertResults(batch);
        if (run !== watch.current) return;
        setResults(answers);
        if (!answers.some((answer) => answer.outcome === 'waiting') || Date.now() > until) break;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      onAnswered();
    } catch (error) {
      console.warn('Inbox: test alert', error);
      const tooSoon = error instanceof InboxRequestError && error.status === 429;
      void notify('error', tooSoon ? copy.tooSoon : copy.failed);
    } finally {
      if (run === watch.current) setSending(false);
    }
  };

  return { results, sending, send };
}

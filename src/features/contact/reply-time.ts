import { replyTimeByClock, type ReplyClock } from '../../../contact/reply-time';

/** Written in by vite.config.ts (scripts/reply-clock.ts): the working hours and bank holidays. */
declare const __REPLY_CLOCK__: ReplyClock;

/**
 * The thanks toast's "We'll reply by 17:30 today.", for a lead accepted at
 * `accepted` by the page's clock: hosted Supabase has no server to ask, so the
 * clocks' rule runs here, in the visitor's own time zone's terms. Loaded only
 * once a send is confirmed, so none of it is in the first view.
 */
export function replyTimeSentence(accepted: Date): string | undefined {
  const readerZone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return replyTimeByClock(accepted, __REPLY_CLOCK__, readerZone);
}

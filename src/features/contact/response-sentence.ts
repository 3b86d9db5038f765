import { responseTimeByClock, type ResponseClock } from '../../../shared/response-time';

/** Written in by vite.config.ts (scripts/response-clock.ts): the working hours and bank holidays. */
declare const __RESPONSE_CLOCK__: ResponseClock;

/**
 * The thanks toast's "We'll reply by 17:30 today.", for a lead accepted at
 * `accepted` by the page's clock: hosted Supabase has no server to ask, so the
 * clocks' rule runs here, in the visitor's own time zone's terms. Loaded only
 * once a send is confirmed, so none of it is in the first view.
 */
export function responseTimeSentence(accepted: Date): string | undefined {
  const readerZone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return responseTimeByClock(accepted, __RESPONSE_CLOCK__, readerZone);
}

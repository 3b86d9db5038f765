/**
 * How a reply from the inbox quotes the lead's message (docs/inbox.md): the
 * email (server/leads/delivery/reply-message.ts) and the composer's preview
 * (src/inbox/components/lead-reply.tsx) both use this, so what the member
 * sees under "Your reply" is what the lead reads under the member's words.
 */

/** UK agency, UK clients: the time the enquiry arrived as they would say it, in UK time. */
const ARRIVED = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/London',
});

/** The line above the quote: "On 25 Nov 2026, 14:02 (UK time), you wrote:". */
export function quoteIntro(receivedAt: Date): string {
  return `On ${ARRIVED.format(receivedAt)} (UK time), you wrote:`;
}

/** The message, line endings made uniform, each line behind "> " (an empty one behind ">"). */
export function quoteLines(message: string): string {
  return message
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
}

/** The subject of every reply to a lead: the reference the visitor was shown. */
export function replySubject(reference: string): string {
  return `Re: your enquiry ${reference}`;
}

/** A reply holds at most this many characters (the database's CHECK says the same). */
export const REPLY_MAX_CHARS = 10_000;

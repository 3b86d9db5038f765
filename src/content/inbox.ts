/**
 * Every word of the agency's inbox (/inbox/, docs/inbox.md). The sign-in
 * form's words and the button and tab names are what members and tests look
 * for (docs/inbox.md names them): keep them.
 */
import { groupDigits } from '../../shared/group-digits.ts';
import type { EmailState, WebhookState } from '../../shared/inbox-columns.ts';
import type { LeadStatus, ReplyState } from '../../shared/lead-status.ts';
import { SPAM_RETENTION_DAYS } from '../../shared/retention.ts';
import { SIGN_IN_CODE_LENGTH } from '../../shared/sign-in-code.ts';

export type InboxTab = 'inbox' | 'spam' | 'archived';

/** Titles a name may start with: "Hi Mr," greets no one. */
const TITLES = /^(mr|mrs|ms|miss|mx|dr|prof|sir|dame|lady|lord|rev|revd)\.?$/i;

export const inboxCopy = {
  title: (brand: string) => `Inbox | ${brand}`,
  heading: 'Inbox',
  noScript: 'The inbox needs JavaScript. Turn it on for this site and reload the page.',
  /**
   * The first link a keyboard user reaches: on the leads, past the header, folders and filters to
   * the list; elsewhere (signed out, the figures, the alerts) to the main area, as the page's.
   */
  skip: { leads: 'Skip to the leads', content: 'Skip to content' },

  signIn: {
    heading: 'Sign in to the inbox',
    intro: `Members of the agency sign in with a ${SIGN_IN_CODE_LENGTH}-digit code sent by email.`,
    email: 'Email',
    sendCode: 'Send code',
    code: 'Code',
    codeHint: `The ${SIGN_IN_CODE_LENGTH}-digit code from the email. It works once, for 10 minutes.`,
    signIn: 'Sign in',
    sent: (email: string) =>
      `If ${email} may use the inbox, a code is on its way. It can take a minute.`,
    otherAddress: 'Use another address',
    sendAgain: 'Send a new code',
    wrongCode: 'That code is wrong or has expired. Check the email, or send a new code.',
    /** The limits count tries over a rolling hour (supabase/schemas/15_sign_in.sql): say so. */
    rateLimited:
      'Too many tries for this address. Each try counts for an hour, so it can take up to an hour before the next one works.',
    /** A new code asked for within the minute of the last: that one still works. */
    tooSoon:
      'A code was sent less than a minute ago, and it still works. Check your email, or wait a minute for a new one.',
    badEmail: 'Enter an email address, like name@example.com.',
    badCode: `Enter the ${SIGN_IN_CODE_LENGTH} digits from the email.`,
    failed: 'Could not reach the server. Check the connection and try again.',
    signedOut: 'Your session has ended. Sign in again.',
  },

  header: {
    signedInAs: (email: string) => `Signed in as ${email}`,
    signOut: 'Sign out',
    exportCsv: 'Export CSV',
    /** Whether changes arrive as they happen or by the one-minute refresh (src/inbox/live.ts). */
    live: { live: 'Live', polling: 'Updates every minute' },
  },

  tabs: { label: 'Folders', inbox: 'Inbox', spam: 'Spam', archived: 'Archived' } satisfies Record<
    InboxTab | 'label',
    string
  >,
  search: { label: 'Search', placeholder: 'Name, email or words' },
  statusFilter: { label: 'Status', any: 'Any status' },

  list: {
    label: 'Leads',
    count: (shown: number, total: number) =>
      total === 1
        ? '1 lead'
        : shown < total
          ? `${groupDigits(shown)} of ${groupDigits(total)} leads`
          : `${groupDigits(total)} leads`,
    empty: 'No leads here.',
    emptySearch: 'No lead matches.',
    /** Above the Spam folder's list: a held lead alerted nobody and is deleted unseen. */
    spamNote: `No alert went out for these. Each is deleted ${SPAM_RETENTION_DAYS} days after it was held: open a real one and press Not spam.`,
    loading: 'Loading leads…',
    more: 'Show more',
    /**
     * A row's link as a screen reader names it: who, and their state. When, what falls due and
     * the first line are its description (src/inbox/components/lead-row.tsx).
     */
    row: (name: string, status: string, unread: boolean) =>
      `${unread ? 'Unread: ' : ''}${name}, ${status}`,
    failed: 'The leads could not be loaded. They will be tried again shortly.',
    refreshed: (time: string) => `Updated ${time}`,
  },

  status: {
    new: 'New',
    replied: 'Replied',
    diagnosed: 'Diagnosed',
    won: 'Won',
    lost: 'Lost',
    archived: 'Archived',
  } satisfies Record<LeadStatus, string>,

  /**
   * Whether the page's invisible bot check came with the lead (the form without JavaScript sends
   * none). Not a word on the sender: "Verified" beside "Suspected spam" read as vouching for it.
   */
  verified: { yes: 'Passed the bot check', no: 'Sent without the bot check' },
  spam: 'Suspected spam',
  /**
   * Why an opened lead is in Spam (src/inbox/components/held-reasons.tsx), each reason in
   * shared/copy/spam-reasons.ts's words: what held it, never a signal that did not.
   */
  held: {
    /** Above what held it: the hidden field, or the score's signals when they reached 5. */
    because: 'Held as suspected spam because:',
    /** A member's "Spam", as the lead's activity records it; a mark recorded without one names nobody. */
    marked: (who?: string, when?: string) =>
      who && when ? `Marked as spam by ${who}, ${when}` : 'Marked as spam by a member',
    /** Under a member's mark, when the hidden field or the score had held it already. */
    before: 'Held as suspected spam before that, because:',
    /** The score's signals that did not reach 5: counted, not what held it. */
    noted: 'The spam score counted these, though not enough to hold it:',
  },
  email: {
    label: 'Email',
    queued: 'waiting',
    sent: 'emailed',
    in_summary: 'in a summary',
    failed: 'failed',
    none: 'not sent',
  } satisfies Record<EmailState | 'label', string>,
  webhook: {
    label: 'Webhook',
    queued: 'waiting',
    sent: 'posted',
    failed: 'failed',
    none: 'off',
  } satisfies Record<WebhookState | 'label', string>,

  lead: {
    back: 'Back to the list',
    received: 'Received',
    reference: 'Reference',
    message: 'Message',
    reply: 'Reply by email',
    call: (phone: string) => `Call ${phone}`,
    replySubject: (reference: string) => `Re: your enquiry ${reference}`,
    /** Said instead of the reply button when the address could smuggle in a recipient (src/inbox/mailto-link.ts). */
    noReplyLink:
      'This address cannot be used for a reply link as written: check it before writing back.',
    notFound: 'This lead is not here any more: it may have been erased.',
    loading: 'Loading the lead…',
  },

  actions: {
    label: 'Actions',
    replied: 'Mark replied',
    diagnosed: 'Mark diagnosed',
    won: 'Won',
    lost: 'Lost',
    archive: 'Archive',
    notSpam: 'Not spam',
    spam: 'Spam',
    erase: 'Erase',
    done: {
      replied: 'Marked replied',
      diagnosed: 'Marked diagnosed',
      won: 'Marked won',
      lost: 'Marked lost',
      archived: 'Archived',
      new: 'Marked new',
    } satisfies Record<LeadStatus, string>,
    /** Where "Not spam" puts a lead: back under Archived when it was archived, else the inbox. */
    notSpamDone: (status: LeadStatus) =>
      status === 'archived' ? 'Moved back to Archived.' : 'Moved to the inbox.',
    spamDone: `Moved to Spam, where it is kept ${SPAM_RETENTION_DAYS} days. Not spam brings it back.`,
    erased: 'Lead erased',
    failed: 'That did not work. Try again.',
    forbidden: 'Your address may not change leads.',
  },

  erase: {
    title: 'Erase this lead?',
    // Around the lead's reference, which is shown unbroken. The name isolated (U+2068…U+2069), so
    // one in Arabic or Hebrew leaves the sentence's order be.
    body: (name: string) => ({
      before: `\u2068${name}\u2069's enquiry `,
      after:
        ', its notes and its delivery records are deleted for good. Do this when someone asks to be forgotten.',
    }),
    confirm: 'Erase for good',
    cancel: 'Keep it',
  },

  reply: {
    open: 'Reply',
    heading: 'Reply to this lead',
    label: 'Your reply',
    hint: (email: string) =>
      `Sent to ${email} from the agency's address; their answer comes back to you.`,
    /**
     * The composer starts from this; the first word of the name is what most people go by. A name
     * that starts with a title or an initial ("Mr Smith", "J. Patel") is greeted whole.
     */
    greeting: (name: string) => {
      const words = name.trim().split(/\s+/).filter(Boolean);
      const first = words[0];
      if (!first) return 'Hello,\n\n';
      if (!(TITLES.test(first) || /^\p{L}\.?$/u.test(first))) return `Hi ${first},\n\n`;
      return words.length > 1 ? `Hi ${words.join(' ')},\n\n` : 'Hello,\n\n';
    },
    quoted: 'Their message, quoted below your reply',
    send: 'Send reply',
    sending: 'Sending…',
    cancel: 'Cancel',
    queued: 'Reply on its way. The lead shows when the mail server accepts it.',
    empty: 'Write a reply first.',
    tooLong: (max: number) => `A reply holds at most ${max.toLocaleString('en-GB')} characters.`,
    rateLimited: 'You have sent 30 replies in the last hour. Wait a while, then send again.',
    state: {
      waiting: 'Sending',
      sent: 'Sent',
      refused: 'Refused',
    } satisfies Record<ReplyState, string>,
    sentAt: (time: string) => `accepted by the mail server ${time}`,
    /**
     * A reply npm start's local mailbox took (docs/local-mailbox.md): kept on the server's machine,
     * never sent to the lead.
     */
    kept: {
      state: 'Kept',
      at: (time: string) => `in the local mailbox ${time}: nothing leaves this machine`,
    },
    refusedBy: (words: string) => `The mail server refused it: ${words}`,
  },

  notes: {
    heading: 'Notes',
    empty: 'No notes yet.',
    label: 'Add a note',
    add: 'Add note',
    added: 'Note added',
  },

  activity: {
    heading: 'Activity',
    empty: 'Nothing has happened to this lead yet.',
    describe: (action: string, detail: string) => (detail ? `${action} ${detail}` : action),
    statusChange: (from: string, to: string) => `from ${from} to ${to}`,
    actions: {
      status: 'changed the status',
      note: 'added a note',
      read: 'opened it',
      not_spam: 'marked it not spam',
      spam: 'marked it spam',
      reply: 'wrote a reply',
      erase: 'erased it',
      take: 'took it (I’m on it)',
      escalate: 'alerted everyone again: nobody had seen it yet',
    } as Record<string, string>,
  },

  exported: (count: number) =>
    count === 1 ? 'Exported 1 lead' : `Exported ${groupDigits(count)} leads`,
  exportFailed: 'The export could not be made. Try again.',
  exportFile: (tab: InboxTab, date: string) => `leads-${tab}-${date}.csv`,
} as const;

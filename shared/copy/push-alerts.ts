/**
 * The words of an alert on a member's phone (docs/alerts.md): what the lock
 * screen shows. Never the lead's message: lock screens show the body.
 */
/** Who took a lead: on the other members' alerts, in the inbox's list and on the open lead. */
export const takenBy = (member: string) => `Taken by ${member}`;

export const pushCopy = {
  leadTitle: (name: string) => `New lead: ${name}`,
  escalationTitle: (name: string) => `Still waiting: ${name}`,
  /** "FD-XXXX-XXXX · reply by 17:30" */
  leadBody: (reference: string, replyBy: string) => `${reference} · reply by ${replyBy}`,
  escalationBody: (reference: string, replyBy: string) =>
    `Nobody has seen it yet · ${reference} · reply by ${replyBy}`,
  takenTitle: (name: string) => `${name}: taken`,
  takenBody: takenBy,
  waitingTitle: (count: number) =>
    count === 1 ? '1 new lead waiting' : `${count} new leads waiting`,
  waitingBody: 'Too many to show one by one: open the inbox to see them.',
  /** "Send a test alert": says it is a test, so nobody looks for a lead. */
  testTitle: 'Test alert',
  testBody: 'Alerts reach this device. This is a test: there is no new lead.',
} as const;

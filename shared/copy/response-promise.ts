/**
 * The reply time the visitor is told after a send (docs/lead-clocks.md): the
 * thanks toast's description and the confirmation of the form without
 * JavaScript, worded by shared/response-time.ts from the clocks' own rule.
 */
export const responseTimeCopy = {
  replyBy: (when: string) => `We'll reply by ${when}.`,
  today: (time: string) => `${time} today`,
  onDay: (time: string, day: string) => `${time} on ${day}`,
  /** A week or more ahead (a long holiday), the date too: "Tuesday" alone would mean this week's. */
  onDate: (time: string, day: string, date: number, month: string) =>
    `${time} on ${day} ${date} ${month}`,
  /** Added when the reader's clock may read otherwise (another zone, or none known). */
  inZone: (when: string, zone: string) => `${when} (${zone} time)`,
  /** How BUSINESS_TIMEZONE is named; any other zone by its city ("Dublin time"). */
  zoneNames: { 'Europe/London': 'UK' } as Readonly<Record<string, string>>,
  weekdays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  months: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
} as const;

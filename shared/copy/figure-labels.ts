/**
 * The names of the speed-to-lead figures (docs/lead-clocks.md), the same in
 * the inbox's figures view (src/content/lead-clocks.ts) and the weekly digest
 * email (server/leads/clocks/clock-messages.ts).
 */
export const FIGURE_LABELS = {
  leads: 'Leads',
  medianReply: 'Median time to first reply',
  withinPromise: 'Replied within the promise (same day)',
  within5Minutes: 'Replied within 5 minutes',
  within1Hour: 'Replied within 1 hour',
  diagnosedInTime: 'Diagnosed within 24 hours',
  seenWithin5Minutes: 'Seen within 5 minutes',
} as const;

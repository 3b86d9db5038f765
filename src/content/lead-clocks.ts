import { groupDigits } from '../../shared/group-digits.ts';
import { FIGURE_LABELS } from '../../shared/copy/figure-labels.ts';

/**
 * The words of the page's promises as clocks in the inbox (docs/lead-clocks.md):
 * each lead's reply and diagnosis deadlines, and the figures view.
 */
export type ClockKind = 'reply' | 'diagnosis';
export type ClockState = 'running' | 'overdue' | 'met' | 'missed';
export type LeadSort = 'newest' | 'due';

export const FIGURE_PERIODS = [7, 30, 90] as const;
export type FigurePeriod = (typeof FIGURE_PERIODS)[number];

export const clockCopy = {
  running: { reply: 'Reply by', diagnosis: 'Diagnosis by' } satisfies Record<ClockKind, string>,
  overdue: { reply: 'Reply overdue by', diagnosis: 'Diagnosis overdue by' } satisfies Record<
    ClockKind,
    string
  >,
  met: { reply: 'Replied in time', diagnosis: 'Diagnosed in time' } satisfies Record<
    ClockKind,
    string
  >,
  missed: { reply: 'Replied late by', diagnosis: 'Diagnosed late by' } satisfies Record<
    ClockKind,
    string
  >,
  today: 'today',
  tomorrow: 'tomorrow',
  heading: 'Deadlines',

  sort: { label: 'Order', newest: 'Newest first', due: 'Due first' } satisfies Record<
    LeadSort | 'label',
    string
  >,

  figures: {
    show: 'Figures',
    heading: 'Speed to lead',
    intro:
      'How fast leads are answered against what the page promises: a same-day response and a diagnosis within 24 hours.',
    period: 'Period',
    days: (days: number) => `Last ${days} days`,
    loading: 'Loading the figures…',
    failed: 'The figures could not be loaded. Try again shortly.',
    leads: FIGURE_LABELS.leads,
    heldAsSpam: 'Held as suspected spam',
    medianReply: FIGURE_LABELS.medianReply,
    noReplies: 'No replies yet',
    withinPromise: FIGURE_LABELS.withinPromise,
    within5Minutes: FIGURE_LABELS.within5Minutes,
    within1Hour: FIGURE_LABELS.within1Hour,
    diagnosedInTime: FIGURE_LABELS.diagnosedInTime,
    replyMethods: 'How they were answered',
    methods: (email: number, marked: number) =>
      `${email} by email from the inbox, ${marked} marked`,
    medianSeen: 'Median time to first seen',
    p90Seen: '90th percentile time to first seen',
    seenWithin5Minutes: FIGURE_LABELS.seenWithin5Minutes,
    medianTaken: 'Median time to “I’m on it”',
    p90Taken: '90th percentile time to “I’m on it”',
    noneYet: 'None yet',
    share: (part: number, whole: number) =>
      whole === 0
        ? 'none counted yet'
        : `${Math.round((100 * part) / whole)}% (${groupDigits(part)} of ${groupDigits(whole)})`,
    countedNote:
      'A lead counts once it is answered or its deadline has passed; one still inside its deadline is neither met nor missed yet.',
    perWeek: 'Leads per week',
    weekOf: 'Week of',
    chartLabel: (weeks: { week: string; leads: number }[]) =>
      `Leads per week: ${weeks.map((w) => `${groupDigits(w.leads)} in the week of ${w.week}`).join(', ')}.`,
  },
} as const;

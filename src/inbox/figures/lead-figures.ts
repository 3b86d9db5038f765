import type { FigurePeriod } from '../../content/lead-clocks';

/** What public.lead_figures(days) answers (20261125200000_lead_clocks.sql). */
export interface LeadFigures {
  days: number;
  leads: number;
  held_as_spam: number;
  reply_counted: number;
  replied: number;
  /** Answered by a reply the relay accepted, or marked by hand (20261126200000_lead_replies.sql). */
  replied_by_email: number;
  replied_marked: number;
  replied_within_promise: number;
  replied_within_5_minutes: number;
  replied_within_1_hour: number;
  median_first_reply_seconds: number | null;
  diagnosis_counted: number;
  diagnosed_within_24_hours: number;
  weeks: { week_of: string; leads: number }[] | null;
  /** Seen and taken (20261126100000_web_push.sql): seconds from arrival, null when none. */
  seen_counted: number;
  seen_within_5_minutes: number;
  median_first_seen_seconds: number | null;
  p90_first_seen_seconds: number | null;
  median_taken_seconds: number | null;
  p90_taken_seconds: number | null;
}

export type FiguresState =
  | { state: 'loading'; period: FigurePeriod }
  | { state: 'failed'; period: FigurePeriod }
  | { state: 'ready'; period: FigurePeriod; figures: LeadFigures };

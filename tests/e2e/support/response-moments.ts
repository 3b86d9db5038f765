import { nextDate, weekdayOf, zonedInstant, localParts } from '../../../shared/zoned-time';
import { isBankHoliday } from '../../../server/leads/clocks/bank-holidays';

/**
 * One moment for each way the reply rule can go (the same day, the next
 * working day, past a bank holiday), London time, within the two years of bank
 * holidays the build wrote into the page (from the day it was built): the
 * next ones from tomorrow, picked so the default working week gives fixed words.
 */
export interface ResponseMoment {
  name: string;
  at: Date;
  /** shared/response-time.ts's sentence for a reader in London. */
  words: string;
}

const LONDON = 'Europe/London';
const TUESDAY = 2;
const FRIDAY = 5;
const MONDAY = 1;

/** Dates after today, London's calendar. */
function* datesAhead(): Generator<string> {
  let date = localParts(new Date(), LONDON).date;
  for (;;) yield (date = nextDate(date));
}

function first(matches: (date: string) => boolean): string {
  for (const date of datesAhead()) if (matches(date)) return date;
  throw new Error('unreachable');
}

const after = (date: string, days: number) => {
  for (let i = 0; i < days; i++) date = nextDate(date);
  return date;
};
const working = (date: string) => weekdayOf(date) <= FRIDAY && !isBankHoliday(date);
const at = (date: string, hour: number) => zonedInstant(date, hour * 60, LONDON);

export function responseMoments(): ResponseMoment[] {
  const tuesday = first((date) => weekdayOf(date) === TUESDAY && working(date));
  const friday = first((date) => weekdayOf(date) === FRIDAY && working(after(date, 3)));
  // The working day before a bank holiday Monday whose Tuesday is a working day.
  const beforeHoliday = first(
    (date) =>
      weekdayOf(date) === FRIDAY &&
      working(date) &&
      isBankHoliday(after(date, 3)) &&
      weekdayOf(after(date, 3)) === MONDAY &&
      working(after(date, 4)),
  );
  return [
    { name: 'a Tuesday morning', at: at(tuesday, 10), words: "We'll reply by 17:30 today." },
    { name: 'a Friday evening', at: at(friday, 18), words: "We'll reply by 12:00 on Monday." },
    {
      name: 'the day before a bank holiday',
      at: at(beforeHoliday, 16),
      words: "We'll reply by 12:00 on Tuesday.",
    },
  ];
}

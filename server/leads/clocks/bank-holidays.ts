import Holidays from 'date-holidays';

/**
 * England and Wales bank holidays, substitute days included (Boxing Day on a
 * Saturday moves to the Monday), from the date-holidays package rather than a
 * hand-typed list that would run out. Its "public" type is the bank holidays;
 * observances such as Mother's Day are not days off. The server asks it
 * directly; the build writes the next two years' into the page
 * (scripts/response-clock.ts), so the package never reaches the page.
 */
const calendar = new Holidays('GB', 'ENG');
const byYear = new Map<number, ReadonlySet<string>>();

function holidaysOf(year: number): ReadonlySet<string> {
  let dates = byYear.get(year);
  if (!dates) {
    dates = new Set(
      calendar
        .getHolidays(year)
        .filter((holiday) => holiday.type === 'public')
        .map((holiday) => holiday.date.slice(0, 10)),
    );
    byYear.set(year, dates);
  }
  return dates;
}

export function isBankHoliday(date: string): boolean {
  return holidaysOf(Number(date.slice(0, 4))).has(date);
}

/** The bank holidays from `first` to `last` (YYYY-MM-DD, both included), in order. */
export function bankHolidaysBetween(first: string, last: string): string[] {
  const dates: string[] = [];
  for (let year = Number(first.slice(0, 4)); year <= Number(last.slice(0, 4)); year++) {
    dates.push(...[...holidaysOf(year)].filter((date) => date >= first && date <= last));
  }
  return dates.sort();
}

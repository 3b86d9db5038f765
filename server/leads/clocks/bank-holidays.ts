import Holidays from 'date-holidays';

/**
 * England and Wales bank holidays, substitute days included (Boxing Day on a
 * Saturday moves to the Monday), from the date-holidays package rather than a
 * hand-typed list that would run out. Its "public" type is the bank holidays;
 * observances such as Mother's Day are not days off.
 */
const calendar = new Holidays('GB', 'ENG');
const byYear = new Map<number, ReadonlySet<string>>();

export function isBankHoliday(date: string): boolean {
  const year = Number(date.slice(0, 4));
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
  return dates.has(date);
}

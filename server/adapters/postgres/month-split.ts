// Splits a span of whole UTC days into the whole calendar months inside it and the loose days at either end, so a
// long range reads the monthly rollups for its middle and the daily rollups only for its edges.

/** Inclusive span of UTC days, YYYY-MM-DD. */
export interface DaySpan {
  fromDay: string;
  toDay: string;
}

export interface MonthSplit {
  /** First days of the first and last whole month inside the span (inclusive); null when none fits. */
  months: { fromMonth: string; toMonth: string } | null;
  /** The days outside those months: none, one or two spans. */
  days: DaySpan[];
}

const DAY_MS = 86_400_000;
const parse = (day: string): Date => new Date(`${day}T00:00:00Z`);
const format = (d: Date): string => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number): string => format(new Date(parse(day).getTime() + n * DAY_MS));
const monthStart = (d: Date, shift = 0): Date => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + shift, 1));

export function splitIntoMonths(fromDay: string, toDay: string): MonthSplit {
  const from = parse(fromDay);
  const to = parse(toDay);
  const firstWhole = from.getUTCDate() === 1 ? from : monthStart(from, 1);
  // The month of `to` is whole only when `to` is its last day.
  const lastWhole = monthStart(to, 1).getTime() - DAY_MS === to.getTime() ? monthStart(to) : monthStart(to, -1);
  if (firstWhole.getTime() > lastWhole.getTime()) return { months: null, days: [{ fromDay, toDay }] };
  const afterLast = format(monthStart(lastWhole, 1));
  const days: DaySpan[] = [];
  if (from.getTime() < firstWhole.getTime()) days.push({ fromDay, toDay: addDays(format(firstWhole), -1) });
  if (afterLast <= toDay) days.push({ fromDay: afterLast, toDay });
  return { months: { fromMonth: format(firstWhole), toMonth: format(lastWhole) }, days };
}

/** The first day of the day's month, as the monthly rollups key it. */
export const monthOf = (day: string): string => `${day.slice(0, 7)}-01`;

// Turns the `range` (Nd, 24h) and `month` (YYYY-MM) parameters into UTC instants and day lists.
// Everything is UTC so a figure never depends on the server's time zone.
import { badRequest } from "../errors/domain-error.ts";
import { utcDay } from "../utc-day.ts";

export const MAX_RANGE_DAYS = 365;
export const DEFAULT_RANGE = "30d";

/**
 * `Nd` covers today (UTC) and the N-1 days before it, whole days, read from the daily rollups.
 * `24h` covers the last 24 hours to the second, read from raw events; its daily series has the two
 * UTC days the window touches, each counting only events inside the window.
 */
export interface DateRange {
  label: string;
  granularity: "day" | "hour";
  /** Inclusive start instant. */
  from: Date;
  /** Exclusive end instant. */
  to: Date;
  /** Every UTC day of the range, oldest first, as YYYY-MM-DD. */
  days: string[];
}

const DAY_MS = 86_400_000;

const startOfUtcDay = (d: Date): Date => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

function daysBetween(first: Date, last: Date): string[] {
  const days: string[] = [];
  for (let t = startOfUtcDay(first).getTime(); t <= last.getTime(); t += DAY_MS) days.push(utcDay(new Date(t)));
  return days;
}

export function parseRange(raw: string | undefined, now: Date = new Date()): DateRange {
  const label = raw === undefined || raw === "" ? DEFAULT_RANGE : raw;
  if (label === "24h") {
    const from = new Date(now.getTime() - DAY_MS);
    return { label, granularity: "hour", from, to: now, days: daysBetween(from, now) };
  }
  const match = /^([1-9]\d{0,2})d$/.exec(label);
  const n = match ? Number(match[1]) : NaN;
  if (!(n >= 1 && n <= MAX_RANGE_DAYS)) {
    throw badRequest(`Invalid range "${label.slice(0, 20)}": use Nd with N from 1 to ${MAX_RANGE_DAYS} (for example 30d), or 24h.`);
  }
  const today = startOfUtcDay(now);
  const from = new Date(today.getTime() - (n - 1) * DAY_MS);
  return { label, granularity: "day", from, to: new Date(today.getTime() + DAY_MS), days: daysBetween(from, today) };
}

export interface MonthRange {
  month: string;
  from: Date;
  to: Date;
  days: string[];
}

export function parseMonth(raw: string | undefined, now: Date = new Date()): MonthRange {
  const month = raw === undefined || raw === "" ? now.toISOString().slice(0, 7) : raw;
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const year = Number(match?.[1]);
  const index = Number(match?.[2]) - 1;
  if (!match || index < 0 || index > 11 || year < 2000 || year > 9999) {
    throw badRequest(`Invalid month "${month.slice(0, 20)}": use YYYY-MM (for example ${now.toISOString().slice(0, 7)}).`);
  }
  const from = new Date(Date.UTC(year, index, 1));
  const to = new Date(Date.UTC(year, index + 1, 1));
  return { month, from, to, days: daysBetween(from, new Date(to.getTime() - DAY_MS)) };
}

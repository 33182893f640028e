// When a recrawl schedule next runs, in words: computed in the browser with croner, the library the server schedules
// with, reading the expression in UTC as the server does.
import { Cron } from "croner";

/** When an expression next runs after `now`, in words; null when it cannot be read. */
export function nextCrawlText(cron: string, now = new Date()): string | null {
  if (!cron.trim()) return "No scheduled crawl: crawls start only when you click Start crawl.";
  let next: Date | null;
  try {
    next = new Cron(cron.trim(), { timezone: "UTC", paused: true }).nextRun(now);
  } catch {
    return null;
  }
  if (!next) return "This expression never runs again.";
  const hours = (next.getTime() - now.getTime()) / 3_600_000;
  const wait = hours < 1 ? `in ${Math.max(1, Math.round(hours * 60))} min` : hours < 48 ? `in ${Math.round(hours)} h` : `in ${Math.round(hours / 24)} days`;
  const when = next.toLocaleString("en-GB", {
    timeZone: "UTC",
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
  return `Next crawl: ${when} UTC (${wait}).`;
}

// A site's recrawl schedule: a cron expression (croner, read in UTC) with a least interval, its next run, and
// whether the site is stale, i.e. a whole scheduled run has gone by since its last successful crawl.
import { Cron } from "croner";
import { Limits } from "../../shared/limits.ts";
import { badRequest } from "../errors/domain-error.ts";
import { ErrorCode } from "../../shared/errors.ts";

const cron = (expression: string) => new Cron(expression, { timezone: "UTC", paused: true });

/** Throws a 400 naming crawlerConfig.schedule when the expression cannot be read or runs too often. */
export function assertValidSchedule(expression: string): void {
  let runs: Date[];
  try {
    runs = cron(expression).nextRuns(6, new Date());
  } catch {
    // croner's own message ("CronPattern: invalid configuration format …") is for programmers; the owner gets the form.
    throw badRequest(
      'Invalid body: crawlerConfig.schedule: must be a cron schedule of five fields (minute hour day month weekday, in UTC), e.g. "0 3 * * *" for every day at 03:00.',
      ErrorCode.ValidationFailed,
    );
  }
  if (runs.length < 2) throw badRequest("Invalid body: crawlerConfig.schedule: never runs again; give a schedule that repeats.", ErrorCode.ValidationFailed);
  for (let i = 1; i < runs.length; i++) {
    if (runs[i]!.getTime() - runs[i - 1]!.getTime() < Limits.scheduleMinIntervalSeconds * 1000) {
      throw badRequest(
        `Invalid body: crawlerConfig.schedule: must not run more often than every ${Limits.scheduleMinIntervalSeconds / 60} minutes; crawls that close together cannot finish.`,
        ErrorCode.ValidationFailed,
      );
    }
  }
}

export function nextRunAfter(expression: string, after: Date): Date | null {
  try {
    return cron(expression).nextRun(after);
  } catch {
    return null;
  }
}

/**
 * Stale: the run after the last success has come and gone and the one after that is due too, so at least one
 * whole scheduled crawl has failed or never happened. A site never crawled counts from its creation.
 */
export function isStale(expression: string | undefined, lastSuccess: Date | null, createdAt: Date, now: Date): boolean {
  if (!expression) return false;
  const first = nextRunAfter(expression, lastSuccess ?? createdAt);
  const second = first && nextRunAfter(expression, first);
  return second !== null && second !== undefined && second.getTime() <= now.getTime();
}

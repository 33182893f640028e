// The job queue's own upkeep as the container builds it: jobs given up on stay as dead letters for an operator to read,
// then the hourly housekeeping deletes them.
import type { JobQueue } from "../ports/job-queue.ts";

export interface JobsModuleDeps {
  queue: JobQueue;
  /** JOB_DEAD_LETTER_RETENTION_DAYS. */
  deadLetterRetentionDays: number;
}

export function createJobsModule(deps: JobsModuleDeps) {
  return { chores: [{ name: "dead jobs past their retention", run: () => deps.queue.pruneDead(deps.deadLetterRetentionDays) }] };
}

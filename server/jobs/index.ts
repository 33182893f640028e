// Background work: the job runner, which runs leased jobs from the job queue through one handler per kind.
export { JobRunner, type JobHandler } from "./job-runner.ts";

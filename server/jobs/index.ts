// Background work: the job runner, which runs leased jobs from the job queue through one handler per kind, and the
// poll loop every background worker runs in (the job runner, the search outbox drain, the crawl scheduler, the crawl
// worker and the embedding queue).
export { JobRunner, type JobHandler } from "./job-runner.ts";
export { PollLoop } from "./poll-loop.ts";

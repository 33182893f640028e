// Background work: the job runner, which runs leased jobs from the job queue through one handler per kind (crawl
// jobs, webhook deliveries, the embedding queue's turns, and the recurring crawl-schedule tick and search outbox
// drain), the poll loop it runs in, and the module that prunes the queue's dead letters.
export { JobRunner, type JobHandler } from "./job-runner.ts";
export { processWorkerId } from "./worker-id.ts";
export { createJobsModule } from "./jobs-module.ts";

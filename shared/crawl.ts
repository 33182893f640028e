// Crawl jobs: start response and job record.
import { Type, type Static } from "@sinclair/typebox";

export const CrawlJobStatus = Type.Union([
  Type.Literal("pending"),
  Type.Literal("running"),
  Type.Literal("completed"),
  Type.Literal("failed"),
  Type.Literal("cancelled"),
]);
export type CrawlJobStatus = Static<typeof CrawlJobStatus>;

export const StartCrawlResponse = Type.Object({ success: Type.Boolean(), jobId: Type.String(), message: Type.String() });
export type StartCrawlResponse = Static<typeof StartCrawlResponse>;

export const CrawlJob = Type.Object({
  jobId: Type.String(),
  siteId: Type.String(),
  status: CrawlJobStatus,
  startedAt: Type.Union([Type.Integer(), Type.Null()]),
  completedAt: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.Integer(),
  pagesDiscovered: Type.Integer(),
  pagesCrawled: Type.Integer(),
  pagesProcessed: Type.Integer(),
  pagesSkipped: Type.Integer(),
  pagesErrored: Type.Integer(),
  errors: Type.Integer(),
  currentUrl: Type.Union([Type.String(), Type.Null()]),
  lastError: Type.Union([Type.String(), Type.Null()]),
});
export type CrawlJob = Static<typeof CrawlJob>;

export const CancelJobResponse = Type.Object({ success: Type.Boolean(), job: CrawlJob });
export type CancelJobResponse = Static<typeof CancelJobResponse>;

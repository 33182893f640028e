// A site's crawl job history and one job's failed addresses with their reasons (read by the dashboard).
import { Type, type Static } from "@sinclair/typebox";
import { CrawlJob } from "./crawl.ts";

export const CrawlJobList = Type.Object({ jobs: Type.Array(CrawlJob) });
export type CrawlJobList = Static<typeof CrawlJobList>;

export const CrawlJobError = Type.Object({ url: Type.String(), reason: Type.String() });
export type CrawlJobError = Static<typeof CrawlJobError>;

export const CrawlJobErrors = Type.Object({ errors: Type.Array(CrawlJobError) });
export type CrawlJobErrors = Static<typeof CrawlJobErrors>;

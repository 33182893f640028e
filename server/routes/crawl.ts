// Crawler: start a crawl of a site, read a job, its failed addresses and the site's job history, cancel it.
import { t } from "elysia";
import { routeGroup } from "./route-group.ts";
import { ErrorBody } from "../../shared/errors.ts";
import { CancelJobResponse, CrawlJob, StartCrawlResponse } from "../../shared/crawl.ts";
import { CrawlJobErrors, CrawlJobErrorsQuery, CrawlJobList } from "../../shared/crawl-history.ts";
import { Limits } from "../../shared/limits.ts";
import { parseLimit } from "./query-limit.ts";
import type { CrawlService } from "../crawl/index.ts";
import type { PrincipalPlugin } from "../plugins/auth.ts";
import { JobParams, SiteParams } from "../../shared/params.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };

export function crawlRoutes(deps: { crawl: CrawlService; principal: PrincipalPlugin }) {
  return routeGroup("/api", "Crawler")
    .use(deps.principal)
    .post("/sites/:siteId/crawl", async ({ principal, params }) => deps.crawl.start(principal.orgId, params.siteId), {
      params: SiteParams,
      response: { 200: StartCrawlResponse, ...errors },
      detail: { summary: "Start a crawl of the site's base URL; 409 while one is pending or running" },
    })
    .get("/jobs/:jobId", async ({ principal, params }) => deps.crawl.get(principal.orgId, params.jobId), {
      params: JobParams,
      response: { 200: CrawlJob, ...errors },
      detail: { summary: "A crawl job with its counters" },
    })
    .get(
      "/sites/:siteId/jobs",
      async ({ principal, params, query }) =>
        deps.crawl.history(principal.orgId, params.siteId, parseLimit(query.limit, Limits.pageListDefault, Limits.pageListMax)),
      {
        params: SiteParams,
        query: t.Object({ limit: t.Optional(t.String({ maxLength: 20 })) }),
        response: { 200: CrawlJobList, ...errors },
        detail: { summary: "The site's crawl jobs, newest first (limit 1–100, default 20)" },
      },
    )
    .get(
      "/jobs/:jobId/errors",
      async ({ principal, params, query }) =>
        deps.crawl.errors(principal.orgId, params.jobId, {
          limit: parseLimit(query.limit, Limits.crawlErrorListDefault, Limits.crawlErrorListMax),
          after: query.cursor,
          kind: query.kind,
          search: query.search,
        }),
      {
        params: JobParams,
        query: CrawlJobErrorsQuery,
        response: { 200: CrawlJobErrors, ...errors },
        detail: {
          summary:
            "The addresses the crawl job could not fetch or index, with the reason: in URL order (limit 1–1000, default 100; cursor is the URL of the last item of the previous page), optionally of one kind or holding a text, with the counts by kind and the folder most missing pages share",
        },
      },
    )
    .delete("/jobs/:jobId", async ({ principal, params }) => deps.crawl.cancel(principal.orgId, params.jobId), {
      params: JobParams,
      response: { 200: CancelJobResponse, ...errors },
      detail: { summary: "Cancel a pending or running crawl; the job ends as cancelled" },
    });
}

// Content of a site: ingest, list, read one page, delete, purge. Mounted under /api/sites and /organisations/:orgId/ai-search/sites.
import { Elysia, t } from "elysia";
import { routeGroup } from "./route-group.ts";
import { ErrorBody } from "../../shared/errors.ts";
import { Limits } from "../../shared/limits.ts";
import { DeletePagesBody, DeletePagesResponse, IngestBody, IngestResponse, PageList, PurgeResponse } from "../../shared/pages.ts";
import { PageDetail, PageDetailQuery } from "../../shared/page-detail.ts";
import type { PageService } from "../ingest/page-service.ts";
import type { RateLimiter } from "../rate-limit/rate-limiter.ts";
import { authOf } from "../plugins/auth.ts";
import { parseLimit } from "./query-limit.ts";

// Query strings carry text: limit is parsed by parseLimit (the shared PageListQuery documents the same bounds).
const ListQuery = t.Object({
  limit: t.Optional(t.String({ maxLength: 20 })),
  cursor: t.Optional(t.String({ maxLength: 2048 })),
  search: t.Optional(t.String({ maxLength: 200 })),
});
const SiteParams = t.Object({ siteId: t.String({ minLength: 1, maxLength: 100 }), orgId: t.Optional(t.String()) });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 413: ErrorBody, 429: ErrorBody };

export function pageRoutes(deps: { pages: PageService; limiter: RateLimiter; auth: Elysia<any, any, any, any, any, any, any> }, prefix: string) {
  return routeGroup(prefix, "Content")
    .use(deps.auth)
    .post(
      "/:siteId/pages",
      async (ctx) => {
        const auth = authOf(ctx);
        await deps.limiter.check(`ingest:${auth.orgId}`, Limits.ingestPerMinute, ctx.set.headers as Record<string, string>, "ingest requests");
        return deps.pages.ingest(auth.orgId, ctx.params.siteId, ctx.body.pages);
      },
      {
        params: SiteParams,
        body: IngestBody,
        response: { 200: IngestResponse, ...errors },
        detail: { summary: "Ingest up to 100 pages (url + content required, content ≤ 1 MB); a URL that exists is replaced" },
      },
    )
    .get("/:siteId/pages", async (ctx) =>
      deps.pages.list(authOf(ctx).orgId, ctx.params.siteId, { ...ctx.query, limit: parseLimit(ctx.query.limit, Limits.pageListDefault, Limits.pageListMax) }), {
      params: SiteParams,
      query: ListQuery,
      response: { 200: PageList, ...errors },
      detail: { summary: "List pages by URL order; cursor is the URL of the last item of the previous page" },
    })
    .get("/:siteId/page", async (ctx) => deps.pages.detail(authOf(ctx).orgId, ctx.params.siteId, ctx.query.url), {
      params: SiteParams,
      query: PageDetailQuery,
      response: { 200: PageDetail, ...errors },
      detail: { summary: "One page by its exact url: fields, and its chunks (cleaned text by section) with whether each is embedded" },
    })
    .delete("/:siteId/pages", async (ctx) => deps.pages.delete(authOf(ctx).orgId, ctx.params.siteId, ctx.body), {
      params: SiteParams,
      body: DeletePagesBody,
      response: { 200: DeletePagesResponse, ...errors },
      detail: { summary: "Delete pages by exact urls, one exact url, or a pattern (glob, or /regex/)" },
    })
    .post("/:siteId/purge", async (ctx) => deps.pages.purge(authOf(ctx).orgId, ctx.params.siteId), {
      params: SiteParams,
      response: { 200: PurgeResponse, ...errors },
      detail: { summary: "Remove every page of the site; the site stays" },
    });
}

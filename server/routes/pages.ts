// Content of a site: ingest, list, read one page, delete, purge. Mounted under /api/sites and /organisations/:orgId/ai-search/sites.
import { t } from "elysia";
import { parseLimit } from "./query-limit.ts";
import { routeGroup } from "./route-group.ts";
import { ErrorBody } from "../../shared/errors.ts";
import { Limits } from "../../shared/limits.ts";
import { DeletePagesBody, DeletePagesResponse, IngestBody, IngestResponse, PageList, PageListQuery, PurgeResponse } from "../../shared/pages.ts";
import { OrgSiteParams as SiteParams } from "../../shared/params.ts";
import { PageDetail, PageDetailQuery } from "../../shared/page-detail.ts";
import type { PageService } from "../ingest/index.ts";
import type { RateLimiter } from "../rate-limit/index.ts";
import type { PrincipalPlugin } from "../plugins/auth.ts";

/**
 * The shared PageListQuery with `limit` taken as text and parsed by parseLimit: Elysia reports an out-of-range coerced
 * integer without its name ("Invalid property: …"), and the error should say that `limit` is wrong and what it accepts.
 */
const ListQuery = t.Composite([t.Omit(PageListQuery, ["limit"]), t.Object({ limit: t.Optional(t.String({ maxLength: 20 })) })]);
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 413: ErrorBody, 429: ErrorBody };

export function pageRoutes(deps: { pages: PageService; limiter: RateLimiter; principal: PrincipalPlugin }, prefix: string) {
  return routeGroup(prefix, "Content")
    .use(deps.principal)
    .post(
      "/:siteId/pages",
      async ({ principal, params, body, set }) => {
        await deps.limiter.check(`ingest:${principal.orgId}`, Limits.ingestPerMinute, set.headers, "ingest requests");
        return deps.pages.ingest(principal.orgId, params.siteId, body.pages);
      },
      {
        params: SiteParams,
        body: IngestBody,
        response: { 200: IngestResponse, ...errors },
        detail: { summary: "Ingest up to 100 pages (url + content required, content ≤ 1 MB); a URL that exists is replaced" },
      },
    )
    .get(
      "/:siteId/pages",
      async ({ principal, params, query }) =>
        deps.pages.list(principal.orgId, params.siteId, { ...query, limit: parseLimit(query.limit, Limits.pageListDefault, Limits.pageListMax) }),
      {
        params: SiteParams,
        query: ListQuery,
        response: { 200: PageList, ...errors },
        detail: { summary: "List pages by URL order; cursor is the URL of the last item of the previous page" },
      },
    )
    .get("/:siteId/page", async ({ principal, params, query }) => deps.pages.detail(principal.orgId, params.siteId, query.url), {
      params: SiteParams,
      query: PageDetailQuery,
      response: { 200: PageDetail, ...errors },
      detail: { summary: "One page by its exact url: fields, and its chunks (cleaned text by section) with whether each is embedded" },
    })
    .delete("/:siteId/pages", async ({ principal, params, body }) => deps.pages.delete(principal.orgId, params.siteId, body), {
      params: SiteParams,
      body: DeletePagesBody,
      response: { 200: DeletePagesResponse, ...errors },
      detail: { summary: "Delete pages by exact urls, one exact url, or a pattern (glob, or /regex/)" },
    })
    .post("/:siteId/purge", async ({ principal, params }) => deps.pages.purge(principal.orgId, params.siteId), {
      params: SiteParams,
      response: { 200: PurgeResponse, ...errors },
      detail: { summary: "Remove every page of the site; the site stays" },
    });
}

// Sites resource, mounted under /api/sites and /organisations/:orgId/ai-search/sites.
import { Elysia, t } from "elysia";
import { routeGroup } from "./route-group.ts";
import { CreateSiteBody, SiteDetail, SiteList, SiteSummary, SuccessBody, UpdateSiteBody } from "../../shared/sites.ts";
import { ErrorBody } from "../../shared/errors.ts";
import type { SiteService } from "../sites/site-service.ts";
import { authOf as auth, requireOwner } from "../plugins/auth.ts";

const SiteParams = t.Object({ siteId: t.String({ minLength: 1, maxLength: 100 }), orgId: t.Optional(t.String()) });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

export function siteRoutes(deps: { sites: SiteService; auth: Elysia<any, any, any, any, any, any, any> }, prefix: string) {
  return routeGroup(prefix, "Sites")
    .use(deps.auth)
    .get("/", async (ctx) => {
      // A key limited to some sites sees only those.
      const { orgId, sites } = auth(ctx);
      return { sites: (await deps.sites.list(orgId)).filter((s) => sites === null || sites.includes(s.siteId)) };
    }, {
      response: { 200: SiteList, ...errors },
      detail: { summary: "List the organisation's sites" },
    })
    .post("/", async (ctx) => deps.sites.create(auth(ctx).orgId, ctx.body), {
      body: CreateSiteBody,
      response: { 200: SiteSummary, ...errors },
      detail: { summary: "Create a site (status pending, pageCount 0)" },
    })
    .get("/:siteId", async (ctx) => deps.sites.get(auth(ctx).orgId, ctx.params.siteId), {
      params: SiteParams,
      response: { 200: SiteDetail, ...errors },
      detail: { summary: "Get a site's configuration and statistics" },
    })
    .put(
      "/:siteId",
      async (ctx) => {
        await deps.sites.update(auth(ctx).orgId, ctx.params.siteId, ctx.body);
        return { success: true };
      },
      {
        params: SiteParams,
        body: UpdateSiteBody,
        response: { 200: SuccessBody, ...errors },
        detail: { summary: "Update a site; omitted fields are unchanged, empty arrays clear boosts and schema" },
      },
    )
    .delete(
      "/:siteId",
      async (ctx) => {
        requireOwner(auth(ctx));
        await deps.sites.delete(auth(ctx).orgId, ctx.params.siteId);
        return { success: true };
      },
      {
        params: SiteParams,
        response: { 200: SuccessBody, ...errors },
        detail: { summary: "Delete a site and all its indexed content (Owner role)" },
      },
    );
}

// Sites resource, mounted under /api/sites and /organisations/:orgId/ai-search/sites.
import { routeGroup } from "./route-group.ts";
import { CreateSiteBody, SiteDetail, SiteList, SiteSummary, SuccessBody, UpdateSiteBody } from "../../shared/sites.ts";
import { ErrorBody } from "../../shared/errors.ts";
import { RefusedOriginList } from "../../shared/refused-origins.ts";
import type { SiteService } from "../sites/index.ts";
import { requireOwner, type PrincipalPlugin } from "../plugins/auth.ts";
import { OrgSiteParams as SiteParams } from "../../shared/params.ts";
import type { AnswerMode } from "../../shared/chat.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

export function siteRoutes(deps: { sites: SiteService; principal: PrincipalPlugin; answerMode?: AnswerMode }, prefix: string) {
  return routeGroup(prefix, "Sites")
    .use(deps.principal)
    .get(
      "/",
      async ({ principal: { orgId, sites } }) => {
        // A key limited to some sites sees only those.
        return { sites: (await deps.sites.list(orgId)).filter((s) => sites === null || sites.includes(s.siteId)) };
      },
      {
        response: { 200: SiteList, ...errors },
        detail: { summary: "List the organisation's sites" },
      },
    )
    .post("/", async ({ principal, body }) => deps.sites.create(principal.orgId, body), {
      body: CreateSiteBody,
      response: { 200: SiteSummary, ...errors },
      detail: { summary: "Create a site (status pending, pageCount 0)" },
    })
    .get("/:siteId", async ({ principal, params }) => ({ ...(await deps.sites.get(principal.orgId, params.siteId)), answerMode: deps.answerMode }), {
      params: SiteParams,
      response: { 200: SiteDetail, ...errors },
      detail: { summary: "Get a site's configuration and statistics" },
    })
    .get("/:siteId/refused-origins", async ({ principal, params }) => ({ origins: await deps.sites.refused(principal.orgId, params.siteId) }), {
      params: SiteParams,
      response: { 200: RefusedOriginList, ...errors },
      detail: { summary: "Origins the site's allowed domains refused lately (at most 20), each with the entry that would allow it" },
    })
    .put(
      "/:siteId",
      async ({ principal, params, body }) => {
        await deps.sites.update(principal.orgId, params.siteId, body);
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
      async ({ principal, params }) => {
        requireOwner(principal);
        await deps.sites.delete(principal.orgId, params.siteId);
        return { success: true };
      },
      {
        params: SiteParams,
        response: { 200: SuccessBody, ...errors },
        detail: { summary: "Delete a site and all its indexed content (Owner role)" },
      },
    );
}

// Billing usage: the organisation's month (tokens, estimated cost, vectors, queries) and one site's usage.
import { t } from "elysia";
import { routeGroup } from "./route-group.ts";
import { SiteUsageResponse, UsageResponse } from "../../shared/analytics.ts";
import { ErrorBody } from "../../shared/errors.ts";
import type { PrincipalPlugin } from "../plugins/auth.ts";
import { SiteParams } from "../../shared/params.ts";
import type { UsageQueries } from "../analytics/index.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

export function usageRoutes(deps: { usage: UsageQueries; principal: PrincipalPlugin }, prefix = "/api") {
  return routeGroup(prefix, "Usage")
    .use(deps.principal)
    .get("/usage", async ({ principal, query }) => deps.usage.month(principal.orgId, query.month), {
      query: t.Object({ month: t.Optional(t.String({ maxLength: 20, description: "YYYY-MM (UTC); default the current month." })) }),
      response: { 200: UsageResponse, ...errors },
      detail: {
        summary: "A month's AI tokens and estimated cost, vectors stored, and queries served",
        description:
          "estimatedCost is in US dollars from list prices per model (MODEL_PRICES_JSON overrides them). vectorDb counts sites with at least one embedded chunk and the embedded chunks, now. searches.total counts searches and chats; searches.chat the chats.",
      },
    })
    .get("/sites/:siteId/usage", async ({ principal, params, query }) => deps.usage.site(principal.orgId, params.siteId, query.range), {
      params: SiteParams,
      query: t.Object({ range: t.Optional(t.String({ maxLength: 20, description: "Nd (1-365) or 24h; default 30d." })) }),
      response: { 200: SiteUsageResponse, ...errors },
      detail: { summary: "A site's searches, chats, model tokens and daily series; zeros, never an error, when figures are unavailable" },
    });
}

// Billing usage: the organisation's month (tokens, estimated cost, vectors, queries) and one site's usage.
import { Elysia, t } from "elysia";
import { routeGroup } from "./route-group.ts";
import { SiteUsageResponse, UsageResponse } from "../../shared/analytics.ts";
import { ErrorBody } from "../../shared/errors.ts";
import { authOf as auth } from "../plugins/auth.ts";
import type { UsageQueries } from "../analytics/usage-queries.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

export function usageRoutes(deps: { usage: UsageQueries; auth: Elysia<any, any, any, any, any, any, any> }, prefix = "/api") {
  return routeGroup(prefix, "Usage")
    .use(deps.auth)
    .get("/usage", async (ctx) => deps.usage.month(auth(ctx).orgId, ctx.query.month), {
      query: t.Object({ month: t.Optional(t.String({ maxLength: 20, description: "YYYY-MM (UTC); default the current month." })) }),
      response: { 200: UsageResponse, ...errors },
      detail: {
        summary: "A month's AI tokens and estimated cost, vectors stored, and queries served",
        description:
          "estimatedCost is in US dollars from list prices per model (MODEL_PRICES_JSON overrides them). vectorDb counts sites with at least one embedded chunk and the embedded chunks, now. searches.total counts searches and chats; searches.chat the chats.",
      },
    })
    .get("/sites/:siteId/usage", async (ctx) => deps.usage.site(auth(ctx).orgId, ctx.params.siteId, ctx.query.range), {
      params: t.Object({ siteId: t.String({ minLength: 1, maxLength: 100 }) }),
      query: t.Object({ range: t.Optional(t.String({ maxLength: 20, description: "Nd (1-365) or 24h; default 30d." })) }),
      response: { 200: SiteUsageResponse, ...errors },
      detail: { summary: "A site's searches, chats, model tokens and daily series; zeros, never an error, when figures are unavailable" },
    });
}

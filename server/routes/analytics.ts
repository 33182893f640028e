// Product analytics: the organisation overview, and per site the top, no-result and unanswered queries
// and the rated answers. Reads only, so free-plan keys may use them.
import { Elysia, t } from "elysia";
import { routeGroup } from "./route-group.ts";
import {
  AnalyticsResponse, FeedbackListResponse, NoResultQueriesResponse, TopQueriesResponse, UnansweredQuestionsResponse,
} from "../../shared/analytics.ts";
import { ErrorBody } from "../../shared/errors.ts";
import { Limits } from "../../shared/limits.ts";
import { authOf as auth } from "../plugins/auth.ts";
import type { AnalyticsQueries } from "../analytics/analytics-queries.ts";
import { parseLimit } from "./query-limit.ts";

const SiteParams = t.Object({ siteId: t.String({ minLength: 1, maxLength: 100 }) });
const Range = t.Optional(t.String({ maxLength: 20, description: "Nd with N from 1 to 365 (whole UTC days up to today), or 24h (the last 24 hours). Default 30d." }));
const Limit = (fallback: number) => t.Optional(t.String({ maxLength: 20, description: `A whole number from 1 to ${Limits.topQueriesMax}; default ${fallback}.` }));
const limit = (raw: string | undefined, fallback: number = Limits.topQueriesDefault) => parseLimit(raw, fallback, Limits.topQueriesMax);
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

export function analyticsRoutes(deps: { analytics: AnalyticsQueries; auth: Elysia<any, any, any, any, any, any, any> }, prefix = "/api") {
  return routeGroup(prefix, "Analytics")
    .use(deps.auth)
    .get("/analytics", async (ctx) => deps.analytics.overview(auth(ctx).orgId, ctx.query.range, ctx.query.siteId), {
      query: t.Object({ range: Range, siteId: t.Optional(t.String({ minLength: 1, maxLength: 100 })) }),
      response: { 200: AnalyticsResponse, ...errors },
      detail: {
        summary: "Searches, chats, pages, the top 10 queries, a per-site breakdown and a daily series (every UTC day, zeros included)",
        description: "siteId narrows every figure to one site. topQueries counts search and chat queries together (normalised: trimmed, lower-cased, whitespace collapsed) with their result clicks.",
      },
    })
    .get(
      "/sites/:siteId/top-queries",
      async (ctx) => deps.analytics.topQueries(auth(ctx).orgId, ctx.params.siteId, ctx.query.range, limit(ctx.query.limit)),
      {
        params: SiteParams,
        query: t.Object({ range: Range, limit: Limit(Limits.topQueriesDefault) }),
        response: { 200: TopQueriesResponse, ...errors },
        detail: { summary: "A site's most frequent queries, by count descending, then by query" },
      },
    )
    .get(
      "/sites/:siteId/no-result-queries",
      async (ctx) => deps.analytics.noResultQueries(auth(ctx).orgId, ctx.params.siteId, ctx.query.range, limit(ctx.query.limit)),
      {
        params: SiteParams,
        query: t.Object({ range: Range, limit: Limit(Limits.topQueriesDefault) }),
        response: { 200: NoResultQueriesResponse, ...errors },
        detail: { summary: "Queries that found nothing, most frequent first: the content visitors look for and the site lacks" },
      },
    )
    .get(
      "/sites/:siteId/feedback",
      async (ctx) => deps.analytics.feedback(auth(ctx).orgId, ctx.params.siteId, ctx.query.range, ctx.query.rating, limit(ctx.query.limit, 50)),
      {
        params: SiteParams,
        query: t.Object({ range: Range, rating: t.Optional(t.Union([t.Literal("up"), t.Literal("down")])), limit: Limit(50) }),
        response: { 200: FeedbackListResponse, ...errors },
        detail: { summary: "Rated chat answers (question, rating, reason), newest first; rating filters up or down" },
      },
    )
    .get(
      "/sites/:siteId/unanswered-questions",
      async (ctx) => deps.analytics.unansweredQuestions(auth(ctx).orgId, ctx.params.siteId, ctx.query.range, limit(ctx.query.limit)),
      {
        params: SiteParams,
        query: t.Object({ range: Range, limit: Limit(Limits.topQueriesDefault) }),
        response: { 200: UnansweredQuestionsResponse, ...errors },
        detail: { summary: "Chat questions the site's content could not answer, grouped by normalised text, most asked first" },
      },
    );
}

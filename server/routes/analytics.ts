// Product analytics: the organisation overview, and per site the top, no-result and unanswered queries
// and the rated answers. Reads only, so free-plan keys may use them.
import { t } from "elysia";
import { routeGroup } from "./route-group.ts";
import { AnalyticsResponse, FeedbackListResponse, NoResultQueriesResponse, TopQueriesResponse, UnansweredQuestionsResponse } from "../../shared/analytics.ts";
import { ErrorBody } from "../../shared/errors.ts";
import { Limits } from "../../shared/limits.ts";
import type { PrincipalPlugin } from "../plugins/auth.ts";
import { SiteParams } from "../../shared/params.ts";
import type { AnalyticsQueries } from "../analytics/index.ts";
import { parseLimit } from "./query-limit.ts";

const Range = t.Optional(
  t.String({ maxLength: 20, description: "Nd with N from 1 to 365 (whole UTC days up to today), or 24h (the last 24 hours). Default 30d." }),
);
const Limit = (fallback: number) =>
  t.Optional(t.String({ maxLength: 20, description: `A whole number from 1 to ${Limits.topQueriesMax}; default ${fallback}.` }));
const limit = (raw: string | undefined, fallback: number = Limits.topQueriesDefault) => parseLimit(raw, fallback, Limits.topQueriesMax);
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

export function analyticsRoutes(deps: { analytics: AnalyticsQueries; principal: PrincipalPlugin }, prefix = "/api") {
  return routeGroup(prefix, "Analytics")
    .use(deps.principal)
    .get("/analytics", async ({ principal, query }) => deps.analytics.overview(principal.orgId, query.range, query.siteId), {
      query: t.Object({ range: Range, siteId: t.Optional(t.String({ minLength: 1, maxLength: 100 })) }),
      response: { 200: AnalyticsResponse, ...errors },
      detail: {
        summary: "Searches, chats, pages, the top 10 queries, a per-site breakdown and a daily series (every UTC day, zeros included)",
        description:
          "siteId narrows every figure to one site. topQueries counts search and chat queries together (normalised: trimmed, lower-cased, whitespace collapsed) with their result clicks.",
      },
    })
    .get(
      "/sites/:siteId/top-queries",
      async ({ principal, params, query }) => deps.analytics.topQueries(principal.orgId, params.siteId, query.range, limit(query.limit)),
      {
        params: SiteParams,
        query: t.Object({ range: Range, limit: Limit(Limits.topQueriesDefault) }),
        response: { 200: TopQueriesResponse, ...errors },
        detail: { summary: "A site's most frequent queries, by count descending, then by query" },
      },
    )
    .get(
      "/sites/:siteId/no-result-queries",
      async ({ principal, params, query }) => deps.analytics.noResultQueries(principal.orgId, params.siteId, query.range, limit(query.limit)),
      {
        params: SiteParams,
        query: t.Object({ range: Range, limit: Limit(Limits.topQueriesDefault) }),
        response: { 200: NoResultQueriesResponse, ...errors },
        detail: { summary: "Queries that found nothing, most frequent first: the content visitors look for and the site lacks" },
      },
    )
    .get(
      "/sites/:siteId/feedback",
      async ({ principal, params, query }) => deps.analytics.feedback(principal.orgId, params.siteId, query.range, query.rating, limit(query.limit, 50)),
      {
        params: SiteParams,
        query: t.Object({ range: Range, rating: t.Optional(t.Union([t.Literal("up"), t.Literal("down")])), limit: Limit(50) }),
        response: { 200: FeedbackListResponse, ...errors },
        detail: { summary: "Rated chat answers (question, rating, reason), newest first; rating filters up or down" },
      },
    )
    .get(
      "/sites/:siteId/unanswered-questions",
      async ({ principal, params, query }) => deps.analytics.unansweredQuestions(principal.orgId, params.siteId, query.range, limit(query.limit)),
      {
        params: SiteParams,
        query: t.Object({ range: Range, limit: Limit(Limits.topQueriesDefault) }),
        response: { 200: UnansweredQuestionsResponse, ...errors },
        detail: { summary: "Chat questions the site's content could not answer, grouped by normalised text, most asked first" },
      },
    );
}

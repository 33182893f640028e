// POST /api/sites/{siteId}/search: search a site with a key or a session, public access on or off.
import { t } from "elysia";
import { routeGroup } from "./route-group.ts";
import { SiteSearchBody } from "../../shared/accounts.ts";
import { ExplainedSearchResponse } from "../../shared/search.ts";
import { ErrorBody } from "../../shared/errors.ts";
import type { SiteSearchService } from "../search/index.ts";
import type { PrincipalPlugin } from "../plugins/auth.ts";
import { SiteParams } from "../../shared/params.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };
const SiteSearchResponse = t.Composite([
  ExplainedSearchResponse,
  t.Object({
    mode: t.Union([t.Literal("hybrid"), t.Literal("lexical"), t.Literal("vector")], {
      description: "Which engines answered: lexical when no embedder is set up.",
    }),
    costs: t.Object({ lexicalMs: t.Integer(), embedMs: t.Integer(), vectorMs: t.Integer() }),
  }),
]);

export function siteSearchRoutes(deps: { search: SiteSearchService; principal: PrincipalPlugin }) {
  return routeGroup("/api/sites", "Search")
    .use(deps.principal)
    .post(
      "/:siteId/search",
      async ({ principal, params, body }) => deps.search.run(principal.orgId, params.siteId, body, { preview: principal.userId !== null }),
      {
        params: SiteParams,
        body: SiteSearchBody,
        response: { 200: SiteSearchResponse, ...errors },
        detail: {
          summary:
            "Search one site with a key (the search scope): public access need not be on; counted in analytics as an API search (not when a dashboard session searches: that is the owner's playground)",
        },
      },
    );
}

// Public completions while typing: GET /v1/public/sites/:siteId/suggest?q=, under the same access rules as search
// (feature on, allowed origin, per-IP limit at the search rate on a counter of its own), and its CORS preflight.
import type { TrustProxy } from "../plugins/client-ip.ts";
import { routeGroup } from "./route-group.ts";
import { SuggestQueryParams, SuggestResponse } from "../../shared/suggest.ts";
import { ErrorBody } from "../../shared/errors.ts";
import type { PublicAccessGate, PublicSite } from "../plugins/public-access.ts";
import { publicSitePlugin } from "../plugins/public-site.ts";
import { SiteParams } from "../../shared/params.ts";
import type { SuggestService } from "../search/index.ts";

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

export function publicSuggestRoutes(
  deps: { gate: PublicAccessGate<PublicSite>; suggest: SuggestService; trustProxy: TrustProxy },
  prefix = "/v1/public/sites",
) {
  return routeGroup(prefix, "Public search")
    .use(publicSitePlugin(deps))
    .options("/:siteId/suggest", () => "", { params: SiteParams, preflight: "search", detail: { summary: "CORS preflight for the site's completions" } })
    .get(
      "/:siteId/suggest",
      async ({ site, query, request, set }) => {
        set.headers["cache-control"] = "public, max-age=60";
        return deps.suggest.suggest({ siteId: site.id, query: query.q, signal: request.signal });
      },
      {
        params: SiteParams,
        query: SuggestQueryParams,
        publicSite: { feature: "search", counter: "suggest" },
        response: { 200: SuggestResponse, ...errors },
        detail: { summary: "Completions of a partly typed query from the site's titles, headings and popular queries" },
      },
    );
}

// Public completions while typing: GET /v1/public/sites/:siteId/suggest?q=, under the same access rules as search
// (feature on, allowed origin, per-IP limit at the search rate on a counter of its own), and its CORS preflight.
import type { TrustProxy } from "../plugins/client-ip.ts";
import { t } from "elysia";
import { routeGroup } from "./route-group.ts";
import { SuggestQueryParams, SuggestResponse } from "../../shared/suggest.ts";
import { ErrorBody } from "../../shared/errors.ts";
import { callerOrigin, clientIp, setCorsHeaders, type PublicAccessGate, type PublicSite } from "../plugins/public-access.ts";
import type { SuggestService } from "../search/suggest-service.ts";

const SiteParams = t.Object({ siteId: t.String({ minLength: 1, maxLength: 100 }) });
const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

export function publicSuggestRoutes(deps: { gate: PublicAccessGate<PublicSite>; suggest: SuggestService; trustProxy: TrustProxy }, prefix = "/v1/public/sites") {
  return routeGroup(prefix, "Public search")
    .onTransform({ as: "local" }, ({ request, set }) => setCorsHeaders(set.headers as Record<string, string>, callerOrigin(request)))
    .options("/:siteId/suggest", async ({ params, request, set }) => {
      await deps.gate.preflight({ siteIds: [params.siteId], feature: "search", request, headers: set.headers as Record<string, string> });
      set.status = 204;
      return "";
    }, { params: SiteParams, detail: { summary: "CORS preflight for the site's completions" } })
    .get(
      "/:siteId/suggest",
      async ({ params, query, request, set, server }) => {
        const headers = set.headers as Record<string, string>;
        const ip = clientIp(request, server, deps.trustProxy);
        const site = await deps.gate.admitSite({ siteId: params.siteId, feature: "search", request, ip, headers, counter: "suggest" });
        headers["cache-control"] = "public, max-age=60";
        return deps.suggest.suggest({ siteId: site.id, query: query.q, signal: request.signal });
      },
      {
        params: SiteParams,
        query: SuggestQueryParams,
        response: { 200: SuggestResponse, ...errors },
        detail: { summary: "Completions of a partly typed query from the site's titles, headings and popular queries" },
      },
    );
}

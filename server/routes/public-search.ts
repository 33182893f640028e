// Public site search: GET (cached 60 s) and POST (never cached) /v1/public/sites/:siteId/search, and the CORS preflight.
import { t } from "elysia";
import { routeGroup } from "./route-group.ts";
import { queryParams } from "./query-params.ts";
import { SearchBody, SearchFilters, SearchQueryParams, SearchResponse } from "../../shared/search.ts";
import { ErrorBody } from "../../shared/errors.ts";
import { badRequest, notFound } from "../errors/app-error.ts";
import { callerOrigin, clientIp, setCorsHeaders, type PublicAccessGate, type PublicSite } from "../plugins/public-access.ts";
import type { PublicSearchService, SearchAnswer } from "../search/public-search-service.ts";

const SiteParams = t.Object({ siteId: t.String({ minLength: 1, maxLength: 100 }) });
const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

export interface PublicSearchDeps {
  gate: PublicAccessGate<PublicSite>;
  search: PublicSearchService;
  trustProxy: boolean;
}

/** `filter.<name>=value` query parameters; a repeated name means any of the values. */
export function filtersFromQuery(url: string): SearchFilters | undefined {
  const filters: Record<string, string[]> = {};
  for (const [key, value] of new URL(url).searchParams) {
    if (!key.startsWith("filter.")) continue;
    (filters[key.slice("filter.".length)] ??= []).push(value);
  }
  const entries = Object.entries(filters).map(([k, v]) => [k, v.length === 1 ? v[0]! : v] as const);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

export function queryOf(body: SearchBody): string {
  if (body.query !== undefined && body.q !== undefined && body.query.trim() !== body.q.trim()) throw badRequest("Send the query as query or as q, not two different queries.");
  const query = (body.query ?? body.q)?.trim();
  if (query === undefined) throw badRequest("The query is missing: send it as query (or q).");
  if (query === "") throw badRequest("The query is empty.");
  return query;
}

function reply(answer: SearchAnswer, headers: Record<string, string>, cacheControl: string): SearchResponse {
  headers["cache-control"] = cacheControl;
  headers["x-cache"] = answer.cached ? "HIT" : "MISS";
  return answer.response;
}

export function publicSearchRoutes(deps: PublicSearchDeps, prefix = "/v1/public/sites") {
  return routeGroup(prefix, "Public search")
    // Before validation, so a 400 for bad parameters is readable by the widget too.
    .onTransform({ as: "local" }, ({ request, set }) => setCorsHeaders(set.headers as Record<string, string>, callerOrigin(request)))
    .options("/:siteId/search", async ({ params, request, set }) => {
      await deps.gate.preflight({ siteIds: [params.siteId], feature: "search", request, headers: set.headers as Record<string, string> });
      set.status = 204;
      return "";
    }, { params: SiteParams, detail: { summary: "CORS preflight for the site's search" } })
    .get(
      "/:siteId/search",
      async ({ params, query, request, set, server }) => {
        const headers = set.headers as Record<string, string>;
        const ip = clientIp(request, server, deps.trustProxy);
        const site = await deps.gate.admitSite({ siteId: params.siteId, feature: "search", request, ip, headers });
        if (query.q.trim() === "") throw badRequest("The query q is empty.");
        const answer = await deps.search.run({
          orgId: site.orgId, ip, siteIds: [site.id], scope: `site:${site.id}`, query: query.q, limit: query.limit, minScore: query.minScore,
          filters: filtersFromQuery(request.url), cacheable: true, withSiteIds: false, signal: request.signal,
        });
        return reply(answer, headers, "public, max-age=60");
      },
      {
        params: SiteParams,
        query: queryParams(SearchQueryParams, { additionalProperties: true }),
        response: { 200: SearchResponse, ...errors },
        detail: { summary: "Search a site (cached for 60 s); filter.<field>=value narrows by metadata" },
      },
    )
    .post(
      "/:siteId/search",
      async ({ params, body, request, set, server }) => {
        const headers = set.headers as Record<string, string>;
        const ip = clientIp(request, server, deps.trustProxy);
        const site = await deps.gate.admitSite({ siteId: params.siteId, feature: "search", request, ip, headers });
        const answer = await deps.search.run({
          orgId: site.orgId, ip, siteIds: [site.id], scope: `site:${site.id}`, query: queryOf(body), limit: body.limit, minScore: body.minScore,
          filters: body.filters, cacheable: false, withSiteIds: false, signal: request.signal,
        });
        return reply(answer, headers, "no-store");
      },
      {
        params: SiteParams,
        body: SearchBody,
        response: { 200: SearchResponse, ...errors },
        detail: { summary: "Search a site with metadata filters (never cached); the query may be sent as query or q" },
      },
    );
}

const GroupParams = t.Object({ groupId: t.String({ minLength: 1, maxLength: 100 }) });

export interface PublicGroupSearchDeps extends PublicSearchDeps {
  groups: { getById(groupId: string): Promise<{ id: string; orgId: string; siteIds: string[] } | null> };
  sites: { listByIds(orgId: string, ids: string[]): Promise<PublicSite[]> };
}

/** Group search: one ranking over the chunks of every member site that allows this origin; each result names its site. */
export function publicGroupSearchRoutes(deps: PublicGroupSearchDeps, prefix = "/v1/public/groups") {
  const members = async (groupId: string) => {
    const group = await deps.groups.getById(groupId);
    if (!group) throw notFound("Search group");
    return { group, sites: await deps.sites.listByIds(group.orgId, group.siteIds) };
  };
  return routeGroup(prefix, "Public search")
    .onTransform({ as: "local" }, ({ request, set }) => setCorsHeaders(set.headers as Record<string, string>, callerOrigin(request)))
    .options("/:groupId/search", async ({ params, request, set }) => {
      const { sites } = await members(params.groupId);
      await deps.gate.preflight({ siteIds: sites.map((s) => s.id), feature: "search", request, headers: set.headers as Record<string, string> });
      set.status = 204;
      return "";
    }, { params: GroupParams, detail: { summary: "CORS preflight for the group's search" } })
    .get(
      "/:groupId/search",
      async ({ params, query, request, set, server }) => {
        const headers = set.headers as Record<string, string>;
        const { group, sites } = await members(params.groupId);
        const ip = clientIp(request, server, deps.trustProxy);
        const admitted = await deps.gate.admitSites({ scope: `group:${group.id}`, sites, request, ip, headers });
        if (query.q.trim() === "") throw badRequest("The query q is empty.");
        const answer = await deps.search.run({
          orgId: group.orgId, ip, siteIds: admitted.map((s) => s.id), scope: `group:${group.id}`, query: query.q, limit: query.limit, minScore: query.minScore,
          cacheable: true, withSiteIds: true, signal: request.signal,
        });
        return reply(answer, headers, "public, max-age=60");
      },
      {
        params: GroupParams,
        query: queryParams(SearchQueryParams),
        response: { 200: SearchResponse, ...errors },
        detail: { summary: "Search every site of a group at once (cached for 60 s); results carry siteId" },
      },
    );
}

// Public site search: GET (cached 60 s) and POST (never cached) /v1/public/sites/:siteId/search, and the CORS preflight.
import { routeGroup } from "./route-group.ts";
import { queryParams } from "./query-params.ts";
import { SearchBody, type SearchFilters, SearchQueryParams, SearchResponse } from "../../shared/search.ts";
import { ErrorBody } from "../../shared/errors.ts";
import { badRequest, notFound } from "../errors/domain-error.ts";
import { GroupParams, SiteParams } from "../../shared/params.ts";
import type { PublicAccessGate, PublicSite } from "../plugins/public-access.ts";
import { publicSitePlugin } from "../plugins/public-site.ts";
import type { ResponseHeaders } from "../plugins/response-headers.ts";
import type { PublicSearchService, SearchAnswer, SearchSiteSettings } from "../search/index.ts";
import type { TrustProxy } from "../plugins/client-ip.ts";
import type { AnswerMode } from "../../shared/chat.ts";
import { fromDashboard } from "../plugins/owner-preview.ts";

/** The site row the gate admits is the one search ranks with: one read per request. */
type SearchableSite = PublicSite & SearchSiteSettings;
const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

export interface PublicSearchDeps {
  gate: PublicAccessGate<SearchableSite>;
  search: PublicSearchService;
  trustProxy: TrustProxy;
  /** Told with every result so the widget names its answers for what they are before anyone asks. */
  answerMode?: AnswerMode;
}

/** `filter.<name>=value` query parameters; a repeated name means any of the values. */
export function filtersFromQuery(url: string): SearchFilters | undefined {
  const filters: Record<string, string[]> = {};
  for (const [key, value] of new URL(url).searchParams) {
    if (!key.startsWith("filter.")) continue;
    const name = key.slice("filter.".length);
    filters[name] = [...(filters[name] ?? []), value];
  }
  const entries = Object.entries(filters).map(([k, v]) => [k, v.length === 1 ? v[0]! : v] as const);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

export function queryOf(body: SearchBody): string {
  if (body.query !== undefined && body.q !== undefined && body.query.trim() !== body.q.trim())
    throw badRequest("Send the query as query or as q, not two different queries.");
  const query = (body.query ?? body.q)?.trim();
  if (query === undefined) throw badRequest("The query is missing: send it as query (or q).");
  if (query === "") throw badRequest("The query is empty.");
  return query;
}

function reply(answer: SearchAnswer, headers: ResponseHeaders, cacheControl: string, answerMode?: AnswerMode): SearchResponse {
  headers["cache-control"] = cacheControl;
  headers["x-cache"] = answer.cached ? "HIT" : "MISS";
  return answerMode ? { ...answer.response, answerMode } : answer.response;
}

/** What every search of one site passes on: who asks, for which site, and whether it is the owner's own try. */
const oneSite = (site: SearchableSite, ip: string, request: Request) => ({
  orgId: site.orgId,
  ip,
  sites: [site],
  scope: `site:${site.id}`,
  withSiteIds: false,
  preview: fromDashboard(request),
  signal: request.signal,
});

export function publicSearchRoutes(deps: PublicSearchDeps, prefix = "/v1/public/sites") {
  return routeGroup(prefix, "Public search")
    .use(publicSitePlugin(deps))
    .options("/:siteId/search", () => "", { params: SiteParams, preflight: "search", detail: { summary: "CORS preflight for the site's search" } })
    .get(
      "/:siteId/search",
      async ({ site, ip, query, request, set }) => {
        if (query.q.trim() === "") throw badRequest("The query q is empty.");
        const answer = await deps.search.run({
          ...oneSite(site, ip, request),
          query: query.q,
          limit: query.limit,
          minScore: query.minScore,
          speed: query.speed,
          filters: filtersFromQuery(request.url),
          cacheable: true,
        });
        return reply(answer, set.headers, "public, max-age=60", deps.answerMode);
      },
      {
        params: SiteParams,
        query: queryParams(SearchQueryParams, { additionalProperties: true }),
        publicSite: { feature: "search" },
        response: { 200: SearchResponse, ...errors },
        detail: { summary: "Search a site (cached for 60 s); filter.<field>=value narrows by metadata" },
      },
    )
    .post(
      "/:siteId/search",
      async ({ site, ip, body, request, set }) => {
        const answer = await deps.search.run({
          ...oneSite(site, ip, request),
          query: queryOf(body),
          limit: body.limit,
          minScore: body.minScore,
          filters: body.filters,
          speed: body.speed,
          cacheable: false,
        });
        return reply(answer, set.headers, "no-store", deps.answerMode);
      },
      {
        params: SiteParams,
        body: SearchBody,
        publicSite: { feature: "search" },
        response: { 200: SearchResponse, ...errors },
        detail: { summary: "Search a site with metadata filters (never cached); the query may be sent as query or q" },
      },
    );
}

export interface PublicGroupSearchDeps extends PublicSearchDeps {
  groups: { getById(groupId: string): Promise<{ id: string; orgId: string; siteIds: string[] } | null> };
  sites: { listByIds(orgId: string, ids: string[]): Promise<SearchableSite[]> };
}

/** Group search: one ranking over the chunks of every member site that allows this origin; each result names its site. */
export function publicGroupSearchRoutes(deps: PublicGroupSearchDeps, prefix = "/v1/public/groups") {
  const members = async (groupId: string) => {
    const group = await deps.groups.getById(groupId);
    if (!group) throw notFound("Search group");
    return { group, sites: await deps.sites.listByIds(group.orgId, group.siteIds) };
  };
  return routeGroup(prefix, "Public search")
    .use(publicSitePlugin(deps))
    .options(
      "/:groupId/search",
      async ({ params, request, set }) => {
        const { sites } = await members(params.groupId);
        await deps.gate.preflight({ siteIds: sites.map((s) => s.id), feature: "search", request, headers: set.headers });
        set.status = 204;
        return "";
      },
      { params: GroupParams, detail: { summary: "CORS preflight for the group's search" } },
    )
    .get(
      "/:groupId/search",
      async ({ params, query, request, set, ip }) => {
        const { group, sites } = await members(params.groupId);
        const admitted = await deps.gate.admitSites({ scope: `group:${group.id}`, sites, request, ip, headers: set.headers, speed: query.speed });
        if (query.q.trim() === "") throw badRequest("The query q is empty.");
        const answer = await deps.search.run({
          orgId: group.orgId,
          ip,
          sites: admitted,
          scope: `group:${group.id}`,
          query: query.q,
          limit: query.limit,
          minScore: query.minScore,
          speed: query.speed,
          cacheable: true,
          preview: fromDashboard(request),
          withSiteIds: true,
          signal: request.signal,
        });
        return reply(answer, set.headers, "public, max-age=60", deps.answerMode);
      },
      {
        params: GroupParams,
        query: queryParams(SearchQueryParams),
        response: { 200: SearchResponse, ...errors },
        detail: { summary: "Search every site of a group at once (cached for 60 s); results carry siteId" },
      },
    );
}

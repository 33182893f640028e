// Public site and group search: defaults, the 60 s cache of GET answers, and the response shape of the
// interface (siteId only in group results). Routes call this; the gate has already admitted the request.
import { Limits } from "../../shared/limits.ts";
import type { SearchFilters, SearchResponse, SearchSpeed } from "../../shared/search.ts";
import type { Completion } from "../../shared/suggest.ts";
import type { HybridSearch, SearchSiteSettings } from "./hybrid-search.ts";
import { SearchCache } from "./search-cache.ts";

export interface SearchRequest {
  orgId: string;
  /** The visitor's address, passed on to analytics (stored only as a salted hash there). */
  ip: string;
  /** The sites searched, as the gate admitted them (one, or a group's admitted members): search reads them no more. */
  sites: SearchSiteSettings[];
  /** Cache scope: `site:<id>` or `group:<id>` (group answers depend on which members were admitted). */
  scope: string;
  query: string;
  limit?: number;
  minScore?: number;
  filters?: SearchFilters;
  /** GET answers are cached; POST answers never are. */
  cacheable: boolean;
  /** Group search names each result's site. */
  withSiteIds: boolean;
  /** "instant" while the visitor types (see HybridSearchInput.speed); "full" when omitted. */
  speed?: SearchSpeed;
  /** The site's owner trying it from the dashboard: answered as any search, not counted in analytics. */
  preview?: boolean;
  signal?: AbortSignal;
}

/** Completions of a site's query (the suggest use case), sent with instant answers so typing costs one request. */
export type CompleteQuery = (input: { siteId: string; query: string; signal?: AbortSignal }) => Promise<{ completions: Completion[] }>;

export interface SearchedEvent {
  orgId: string;
  siteIds: string[];
  query: string;
  resultCount: number;
  latencyMs: number;
  ip: string;
  cached: boolean;
}

export interface SearchAnswer {
  response: SearchResponse;
  cached: boolean;
}

export class PublicSearchService {
  readonly cache: SearchCache<SearchResponse>;

  constructor(
    private readonly search: Pick<HybridSearch, "search">,
    opts: { cache?: SearchCache<SearchResponse>; onSearched?(e: SearchedEvent): void; complete?: CompleteQuery } = {},
  ) {
    this.cache = opts.cache ?? new SearchCache();
    this.onSearched = opts.onSearched;
    this.complete = opts.complete;
  }

  private readonly onSearched?: (e: SearchedEvent) => void;
  private readonly complete?: CompleteQuery;

  async run(request: SearchRequest): Promise<SearchAnswer> {
    const query = request.query.trim();
    const limit = request.limit ?? Limits.searchLimitDefault;
    const minScore = request.minScore ?? Limits.minScoreDefault;
    const siteIds = request.sites.map((site) => site.id);
    const speed = request.speed ?? "full";
    const scope = `${request.scope}:${[...siteIds].sort().join(",")}:${speed}`;
    const key = SearchCache.key({ scope, query, limit, minScore, filters: request.filters });
    const hit = request.cacheable ? this.cache.get(key) : undefined;
    const onSearched = request.preview ? undefined : this.onSearched;
    if (hit) {
      onSearched?.({ orgId: request.orgId, siteIds, query, resultCount: hit.totalResults, latencyMs: 0, ip: request.ip, cached: true });
      // The key ignores case; the answer echoes this request's spelling of the query.
      return { response: { ...hit, query }, cached: true };
    }
    const found = await this.search.search({ siteIds, sites: request.sites, query, limit, minScore, filters: request.filters, speed, signal: request.signal });
    const completions = found.results.length === 0 ? await this.completions(request, query, speed) : undefined;
    const response: SearchResponse = {
      query,
      ...(found.suggestion ? { suggestion: found.suggestion } : {}),
      results: found.results.map(({ siteId, ...rest }) => (request.withSiteIds ? { ...rest, siteId } : rest)),
      totalResults: found.totalResults,
      timingMs: found.timingMs,
      ...(found.facets ? { facets: found.facets } : {}),
      speed,
      ...(completions ? { completions } : {}),
    };
    if (request.cacheable) this.cache.set(key, siteIds, response);
    onSearched?.({ orgId: request.orgId, siteIds, query, resultCount: found.totalResults, latencyMs: found.timingMs, ip: request.ip, cached: false });
    return { response, cached: false };
  }

  /**
   * An instant site search that found nothing carries completions (a nicety: failing, it carries none); group and full
   * search do not. Only then: that is when the widget shows them, and on embedded PGlite the completion look-ups
   * (three scans of titles, headings and queries) queued ahead of the search took most of an instant answer's time.
   */
  private async completions(request: SearchRequest, query: string, speed: SearchSpeed): Promise<Completion[] | undefined> {
    const site = request.sites[0];
    if (speed !== "instant" || !this.complete || request.withSiteIds || request.sites.length !== 1 || !site) return undefined;
    if (query.length > Limits.suggestQueryMaxChars) return [];
    try {
      return (await this.complete({ siteId: site.id, query, signal: request.signal })).completions;
    } catch {
      return [];
    }
  }

  /** Ingest, page deletion and site settings changes call this so the next GET sees the new content. */
  invalidateSite(siteId: string): void {
    this.cache.invalidateSite(siteId);
  }
}

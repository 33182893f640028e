// Authenticated search of one site (POST /api/sites/{siteId}/search): works whatever the site's public access,
// for server-side callers and the dashboard's playground; answers the search response plus which engines ran.
import { Limits } from "../../shared/limits.ts";
import type { SiteSearchBody } from "../../shared/accounts.ts";
import type { ExplainedSearchResult } from "../../shared/search.ts";
import type { HybridSearch, HybridSearchOutput } from "./hybrid-search.ts";
import type { QueryRecord } from "../ports/query-record.ts";

export class SiteSearchService {
  constructor(
    private readonly search: Pick<HybridSearch, "search">,
    /** Refuses as not found when the site is not the organisation's. */
    private readonly assertSite: (orgId: string, siteId: string) => Promise<unknown>,
    private readonly record: (event: QueryRecord) => void,
  ) {}

  /** `preview`: the owner's playground in the dashboard, which analytics leave out. */
  async run(
    orgId: string,
    siteId: string,
    body: SiteSearchBody,
    options: { preview?: boolean } = {},
  ): Promise<Omit<HybridSearchOutput, "results"> & { results: ExplainedSearchResult[] }> {
    await this.assertSite(orgId, siteId);
    const query = body.query.trim();
    const found = await this.search.search({
      siteIds: [siteId],
      query,
      limit: body.limit ?? Limits.searchLimitDefault,
      minScore: body.minScore ?? Limits.minScoreDefault,
      explain: true,
    });
    if (!options.preview) this.record({ orgId, siteId, kind: "search", query, resultCount: found.totalResults, latencyMs: found.timingMs, channel: "api" });
    // explain: true gives every result and section its scoreParts; the fallback only narrows the optional type.
    const noParts = { keyword: 0, meaning: null };
    const results = found.results.map(({ siteId: _, sections, scoreParts, ...rest }) => ({
      ...rest,
      scoreParts: scoreParts ?? noParts,
      sections: sections.map((s) => ({ ...s, scoreParts: s.scoreParts ?? noParts })),
    }));
    return { ...found, query, results };
  }
}

// Product analytics of an organisation or one site: totals, top and no-result queries, daily series,
// rated and unanswered chat answers. Scoped to one organisation: another's site is 404.
import type {
  AnalyticsResponse,
  FeedbackListResponse,
  NoResultQueriesResponse,
  TopQueriesResponse,
  UnansweredQuestionsResponse,
} from "../../shared/analytics.ts";
import type { SiteStore, SiteRow } from "../ports/site-store.ts";
import type { AnalyticsReadStore, CountWindow, KindCounts } from "../ports/analytics-read-store.ts";
import { notFound } from "../errors/domain-error.ts";
import { parseRange, type DateRange } from "./date-range.ts";
import { unixSeconds } from "../../shared/unix-seconds.ts";

/** Top queries in the /api/analytics overview; the per-site endpoint takes a limit. */
export const OVERVIEW_TOP_QUERIES = 10;

export const countWindow = (range: DateRange): CountWindow =>
  range.granularity === "day"
    ? { granularity: "day", fromDay: range.days[0]!, toDay: range.days.at(-1)! }
    : { granularity: "hour", from: range.from, to: range.to };

/** Every day of the range, zeros included, oldest first. */
export function dailySeries(range: DateRange, byDay: Map<string, KindCounts>) {
  return range.days.map((date) => ({ date, searches: byDay.get(date)?.searches ?? 0, chats: byDay.get(date)?.chats ?? 0 }));
}

export class AnalyticsQueries {
  constructor(
    private readonly store: AnalyticsReadStore,
    private readonly sites: Pick<SiteStore, "get" | "list">,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async site(orgId: string, siteId: string): Promise<SiteRow> {
    const site = await this.sites.get(orgId, siteId);
    if (!site) throw notFound("Site");
    return site;
  }

  async overview(orgId: string, rangeParam: string | undefined, siteId?: string): Promise<AnalyticsResponse> {
    const range = parseRange(rangeParam, this.clock());
    const sites = siteId === undefined ? await this.sites.list(orgId) : [await this.site(orgId, siteId)];
    const ids = sites.map((s) => s.id);
    const w = countWindow(range);
    const [{ bySite, byDay }, top, pages] = await Promise.all([
      this.store.counts(ids, w),
      this.store.topQueries(siteId === undefined ? { siteIds: ids, wholeOrg: orgId } : { siteIds: ids }, w, OVERVIEW_TOP_QUERIES),
      this.store.pagesBySite(ids),
    ]);
    const siteBreakdown = sites.map((s) => ({
      id: s.id,
      name: s.name,
      pagesIndexed: pages.get(s.id) ?? 0,
      searches: bySite.get(s.id)?.searches ?? 0,
      chats: bySite.get(s.id)?.chats ?? 0,
    }));
    return {
      totalSearches: siteBreakdown.reduce((n, s) => n + s.searches, 0),
      totalChats: siteBreakdown.reduce((n, s) => n + s.chats, 0),
      totalPagesIndexed: siteBreakdown.reduce((n, s) => n + s.pagesIndexed, 0),
      topQueries: top,
      siteBreakdown,
      dailyUsage: dailySeries(range, byDay),
    };
  }

  async topQueries(orgId: string, siteId: string, rangeParam: string | undefined, limit: number): Promise<TopQueriesResponse> {
    const range = parseRange(rangeParam, this.clock());
    await this.site(orgId, siteId);
    return { siteId, range: range.label, topQueries: await this.store.topQueries({ siteIds: [siteId] }, countWindow(range), limit) };
  }

  async noResultQueries(orgId: string, siteId: string, rangeParam: string | undefined, limit: number): Promise<NoResultQueriesResponse> {
    const range = parseRange(rangeParam, this.clock());
    await this.site(orgId, siteId);
    return { siteId, range: range.label, queries: await this.store.noResultQueries({ siteIds: [siteId] }, countWindow(range), limit) };
  }

  async feedback(
    orgId: string,
    siteId: string,
    rangeParam: string | undefined,
    rating: "up" | "down" | undefined,
    limit: number,
  ): Promise<FeedbackListResponse> {
    const range = parseRange(rangeParam, this.clock());
    await this.site(orgId, siteId);
    const [rated, reasons] = await Promise.all([
      this.store.ratedAnswers(siteId, range.from, range.to, rating, limit),
      this.store.feedbackReasons(siteId, range.from, range.to),
    ]);
    return {
      siteId,
      range: range.label,
      feedback: rated.map((r) => ({ ...r, createdAt: unixSeconds(r.createdAt), ratedAt: r.ratedAt ? unixSeconds(r.ratedAt) : null })),
      reasons,
    };
  }

  async unansweredQuestions(orgId: string, siteId: string, rangeParam: string | undefined, limit: number): Promise<UnansweredQuestionsResponse> {
    const range = parseRange(rangeParam, this.clock());
    await this.site(orgId, siteId);
    const questions = await this.store.unansweredQuestions(siteId, range.from, range.to, limit);
    return { siteId, range: range.label, questions: questions.map((q) => ({ ...q, lastAskedAt: unixSeconds(q.lastAskedAt) })) };
  }
}

// Billing usage: model tokens and estimated cost per month, vectors stored, queries served;
// and the per-site usage summary, which answers zeros rather than an error when events cannot be read.
import type { SiteUsageResponse, UsageResponse } from "../../shared/analytics.ts";
import type { Logger } from "../logger.ts";
import type { AnalyticsReadStore } from "../ports/analytics-read-store.ts";
import type { SiteStore } from "../ports/site-store.ts";
import { notFound } from "../errors/domain-error.ts";
import { parseMonth, parseRange } from "./date-range.ts";
import { countWindow, dailySeries } from "./analytics-queries.ts";
import type { PriceTable } from "./price-table.ts";
import { chatBudgetLimits, type ChatBudget } from "../chat-budget/index.ts";

export class UsageQueries {
  constructor(
    private readonly store: AnalyticsReadStore,
    private readonly sites: Pick<SiteStore, "get" | "list">,
    private readonly prices: PriceTable,
    private readonly log: Logger,
    private readonly clock: () => Date = () => new Date(),
    private readonly chatBudget?: Pick<ChatBudget, "usage">,
  ) {}

  async month(orgId: string, monthParam: string | undefined): Promise<UsageResponse> {
    const month = parseMonth(monthParam, this.clock());
    const ids = (await this.sites.list(orgId)).map((s) => s.id);
    const w = { granularity: "day" as const, fromDay: month.days[0]!, toDay: month.days.at(-1)! };
    const [groups, vectors, { bySite }] = await Promise.all([
      this.store.usage(orgId, month.from, month.to),
      this.store.vectors(ids),
      this.store.counts(ids, w),
    ]);
    const ai = {
      totalRequests: 0,
      totalInputTokens: 0,
      totalOutputTokens: 0,
      totalTokens: 0,
      estimatedCost: 0,
      ingest: { requests: 0, tokens: 0 },
      chat: { requests: 0, tokens: 0 },
    };
    let micros = 0;
    for (const g of groups) {
      ai.totalRequests += g.requests;
      ai.totalInputTokens += g.inputTokens;
      ai.totalOutputTokens += g.outputTokens;
      ai[g.purpose].requests += g.requests;
      ai[g.purpose].tokens += g.inputTokens + g.outputTokens;
      micros += Math.round(this.prices.cost(g.model, g.inputTokens, g.outputTokens) * 1_000_000);
    }
    ai.totalTokens = ai.totalInputTokens + ai.totalOutputTokens;
    ai.estimatedCost = micros / 1_000_000;
    let searches = 0;
    let chats = 0;
    for (const c of bySite.values()) {
      searches += c.searches;
      chats += c.chats;
    }
    return {
      month: month.month,
      ai,
      vectorDb: { totalCollections: vectors.collections, totalDocuments: vectors.documents },
      // `total` counts every query served (searches and chats); `chat` is the chat part of it.
      searches: { total: searches + chats, chat: chats },
    };
  }

  async site(orgId: string, siteId: string, rangeParam: string | undefined): Promise<SiteUsageResponse> {
    const range = parseRange(rangeParam, this.clock());
    const site = await this.sites.get(orgId, siteId);
    if (!site) throw notFound("Site");
    const noSpend = () => {
      const day = this.clock().toISOString().slice(0, 10);
      return { day, requests: 0, tokens: 0, ...chatBudgetLimits(site.rateLimits), resetsAt: new Date(Date.parse(day) + 86_400_000).toISOString() };
    };
    try {
      const w = countWindow(range);
      const [{ bySite, byDay }, usage, chatBudget] = await Promise.all([
        this.store.counts([siteId], w),
        this.store.usage(orgId, range.from, range.to, siteId),
        this.chatBudget?.usage(siteId, site.rateLimits) ?? noSpend(),
      ]);
      return {
        siteId,
        range: range.label,
        searches: bySite.get(siteId)?.searches ?? 0,
        chats: bySite.get(siteId)?.chats ?? 0,
        totalTokens: usage.reduce((n, g) => n + g.inputTokens + g.outputTokens, 0),
        daily: dailySeries(range, byDay),
        chatBudget,
      };
    } catch (error) {
      // The interface promises this shape always: figures unavailable read as zeros, not as an error.
      this.log.warn("site usage: could not read analytics; answering zeros", { siteId, error });
      return { siteId, range: range.label, searches: 0, chats: 0, totalTokens: 0, daily: dailySeries(range, new Map()), chatBudget: noSpend() };
    }
  }
}

// What analytics reads: counts from the rollups (or raw events for sub-day windows), token usage, indexed pages and
// vectors, and rated or unanswered chat answers.
import type { FeedbackTag } from "../../shared/chat.ts";

/**
 * The sites whose queries are counted. `wholeOrg` says they are every site of that organisation, so whole months can
 * be read from the organisation-wide rollups (one row per query and month instead of one per site too).
 */
export interface QueryScope {
  siteIds: readonly string[];
  wholeOrg?: string;
}

/** Whole UTC days read from query_daily, or an instant window read from raw events (24h). */
export type CountWindow = { granularity: "day"; fromDay: string; toDay: string } | { granularity: "hour"; from: Date; to: Date };

export interface KindCounts {
  searches: number;
  chats: number;
}

export interface QueryCountRow {
  query: string;
  count: number;
  clicks: number;
}

export interface UsageGroup {
  purpose: "chat" | "ingest";
  model: string;
  requests: number;
  inputTokens: number;
  outputTokens: number;
}

export interface RatedAnswer {
  answerId: string;
  question: string;
  rating: "up" | "down";
  reason: string | null;
  tags: FeedbackTag[];
  createdAt: Date;
  ratedAt: Date | null;
}

export interface AnalyticsReadStore {
  counts(siteIds: readonly string[], w: CountWindow): Promise<{ bySite: Map<string, KindCounts>; byDay: Map<string, KindCounts> }>;
  topQueries(scope: QueryScope, w: CountWindow, limit: number): Promise<QueryCountRow[]>;
  noResultQueries(scope: QueryScope, w: CountWindow, limit: number): Promise<{ query: string; count: number }[]>;
  pagesBySite(siteIds: readonly string[]): Promise<Map<string, number>>;
  vectors(siteIds: readonly string[]): Promise<{ collections: number; documents: number }>;
  usage(orgId: string, from: Date, to: Date, siteId?: string): Promise<UsageGroup[]>;
  ratedAnswers(siteId: string, from: Date, to: Date, rating: "up" | "down" | undefined, limit: number): Promise<RatedAnswer[]>;
  feedbackReasons(siteId: string, from: Date, to: Date): Promise<Array<{ tag: FeedbackTag; count: number }>>;
  unansweredQuestions(siteId: string, from: Date, to: Date, limit: number): Promise<{ question: string; count: number; lastAskedAt: Date }[]>;
}

// Analytics and usage responses.
import { Type, type Static } from "@sinclair/typebox";
import { FeedbackTag } from "./chat.ts";

export const QueryCount = Type.Object({ query: Type.String(), count: Type.Integer(), clicks: Type.Optional(Type.Integer()) });
export const DailyCounts = Type.Object({ date: Type.String(), searches: Type.Integer(), chats: Type.Integer() });

export const AnalyticsResponse = Type.Object({
  totalSearches: Type.Integer(),
  totalChats: Type.Integer(),
  totalPagesIndexed: Type.Integer(),
  topQueries: Type.Array(QueryCount),
  siteBreakdown: Type.Array(
    Type.Object({ id: Type.String(), name: Type.String(), pagesIndexed: Type.Integer(), searches: Type.Integer(), chats: Type.Integer() }),
  ),
  dailyUsage: Type.Array(DailyCounts),
});
export type AnalyticsResponse = Static<typeof AnalyticsResponse>;

const RequestsTokens = Type.Object({ requests: Type.Integer(), tokens: Type.Integer() });
export const UsageResponse = Type.Object({
  month: Type.String(),
  ai: Type.Object({
    totalRequests: Type.Integer(),
    totalInputTokens: Type.Integer(),
    totalOutputTokens: Type.Integer(),
    totalTokens: Type.Integer(),
    estimatedCost: Type.Number(),
    ingest: RequestsTokens,
    chat: RequestsTokens,
  }),
  vectorDb: Type.Object({ totalCollections: Type.Integer(), totalDocuments: Type.Integer() }),
  searches: Type.Object({ total: Type.Integer(), chat: Type.Integer() }),
});
export type UsageResponse = Static<typeof UsageResponse>;

/** Today's public chat spend against the site's daily budget (UTC day); chat answers 429 once either is spent. */
export const ChatBudgetUsage = Type.Object({
  day: Type.String({ description: "YYYY-MM-DD (UTC)." }),
  requests: Type.Integer(),
  requestsPerDay: Type.Integer(),
  tokens: Type.Integer(),
  tokensPerDay: Type.Integer(),
  resetsAt: Type.String({ description: "When the budget starts again (the next UTC midnight), ISO 8601." }),
});
export type ChatBudgetUsage = Static<typeof ChatBudgetUsage>;

export const SiteUsageResponse = Type.Object({
  siteId: Type.String(),
  range: Type.String(),
  searches: Type.Integer(),
  chats: Type.Integer(),
  totalTokens: Type.Integer(),
  daily: Type.Array(DailyCounts),
  chatBudget: ChatBudgetUsage,
});
export type SiteUsageResponse = Static<typeof SiteUsageResponse>;

export const TopQueriesResponse = Type.Object({ siteId: Type.String(), range: Type.String(), topQueries: Type.Array(QueryCount) });
export type TopQueriesResponse = Static<typeof TopQueriesResponse>;

// Beyond the interface: what visitors could not find, and how they rated the answers.
export const NoResultQueriesResponse = Type.Object({
  siteId: Type.String(),
  range: Type.String(),
  queries: Type.Array(Type.Object({ query: Type.String(), count: Type.Integer({ description: "Times the query found nothing." }) })),
});
export type NoResultQueriesResponse = Static<typeof NoResultQueriesResponse>;

export const RatedAnswer = Type.Object({
  answerId: Type.String(),
  question: Type.String(),
  rating: Type.Union([Type.Literal("up"), Type.Literal("down")]),
  reason: Type.Union([Type.String(), Type.Null()]),
  tags: Type.Array(FeedbackTag, { description: "Reasons picked with a thumbs-down." }),
  createdAt: Type.Integer({ description: "Unix seconds when the answer was given." }),
  ratedAt: Type.Union([Type.Integer(), Type.Null()]),
});
/** How often each reason was picked with a thumbs-down in the range, most picked first. */
export const FeedbackReasonCount = Type.Object({ tag: FeedbackTag, count: Type.Integer() });
export const FeedbackListResponse = Type.Object({
  siteId: Type.String(),
  range: Type.String(),
  feedback: Type.Array(RatedAnswer),
  reasons: Type.Array(FeedbackReasonCount, { description: "Over every thumbs-down of the range, not only the listed ones." }),
});
export type FeedbackListResponse = Static<typeof FeedbackListResponse>;

export const UnansweredQuestionsResponse = Type.Object({
  siteId: Type.String(),
  range: Type.String(),
  questions: Type.Array(Type.Object({ question: Type.String(), count: Type.Integer(), lastAskedAt: Type.Integer({ description: "Unix seconds." }) })),
});
export type UnansweredQuestionsResponse = Static<typeof UnansweredQuestionsResponse>;

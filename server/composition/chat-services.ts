// Builds chat: the answer model when an Anthropic key is set (extractive answers otherwise), sessions in Postgres,
// retrieval over hybrid search, and what each answer reports to analytics and the daily chat budget.
import type { Config } from "../config.ts";
import { upstreamFailureFields as upstreamFields, type Logger } from "../logger.ts";
import type { Db } from "../adapters/postgres/database.ts";
import { ChatStore } from "../adapters/postgres/chat-store.ts";
import { AnthropicAnswerModel } from "../adapters/anthropic/answer-model.ts";
import { ChatService } from "../chat/chat-service.ts";
import type { ChatBudget } from "../chat-budget/index.ts";
import { HybridPassageSearch } from "../chat/hybrid-passages.ts";
import type { HybridSearch } from "../search/hybrid-search.ts";
import type { AnalyticsServices } from "./analytics-services.ts";

export interface ChatInput {
  config: Config;
  db: Db;
  log: Logger;
  hybrid: HybridSearch;
  analytics: Pick<AnalyticsServices, "queryRecorder" | "usageRecorder">;
  chatBudget: ChatBudget;
  clock?: () => number;
}

export function createChatService({ config, db, log, hybrid, analytics, chatBudget, clock }: ChatInput): ChatService {
  const { anthropic } = config;
  return new ChatService({
    search: new HybridPassageSearch(hybrid),
    store: new ChatStore(db),
    budget: chatBudget,
    model: anthropic.apiKey ? new AnthropicAnswerModel({ apiKey: anthropic.apiKey, model: anthropic.model, baseURL: anthropic.baseUrl ?? undefined }) : null,
    clock: clock ?? (() => Date.now() / 1000),
    sessionTtlSeconds: config.chatSessionTtlSeconds,
    onBackgroundError: (what, error) => log.error(what, { error }),
    onModelError: (error, site) => log.warn("answer model failed", { siteId: site.id, ...upstreamFields(error) }),
    onAnswered: (e) =>
      analytics.queryRecorder.record({
        orgId: e.orgId,
        siteId: e.siteId,
        kind: "chat",
        query: e.question,
        resultCount: e.sources,
        latencyMs: e.latencyMs,
        ip: e.ip,
        channel: "public",
      }),
    onModelUsage: (usage) => {
      analytics.usageRecorder.record(usage);
      chatBudget
        .addTokens(usage.siteId, usage.inputTokens + usage.outputTokens)
        .catch((error) => log.warn("chat budget: could not add tokens", { siteId: usage.siteId, error }));
    },
  });
}

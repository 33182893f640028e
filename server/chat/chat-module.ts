// The chat feature as the container builds it: answers over hybrid search (the model's, or extractive without one),
// sessions in the store it is given, and what each answer reports to analytics and to the site's daily budget.
import type { AnswerModel } from "../ports/answer-model.ts";
import type { ChatStore } from "../ports/chat-store.ts";
import type { QueryRecord } from "../ports/query-record.ts";
import { upstreamFailureFields, type Logger } from "../logger.ts";
import { ChatService, type ChatAdmission, type ChatModelUsage } from "./chat-service.ts";
import { HybridPassageSearch, type HybridSearcher } from "./hybrid-passages.ts";

export interface ChatModuleDeps {
  hybrid: HybridSearcher;
  store: ChatStore;
  /** Null answers extractively. */
  model: AnswerModel | null;
  /** The site's daily chat budget: admits each question, and is charged the model's tokens. */
  budget: ChatAdmission & { addTokens(siteId: string, tokens: number): Promise<void> };
  recordQuery(event: QueryRecord): void;
  recordUsage(usage: ChatModelUsage): void;
  /** Unix seconds. */
  clock: () => number;
  sessionTtlSeconds: number;
  log: Logger;
}

export function createChatModule({ hybrid, store, model, budget, recordQuery, recordUsage, clock, sessionTtlSeconds, log }: ChatModuleDeps) {
  const chat = new ChatService({
    search: new HybridPassageSearch(hybrid),
    store,
    budget,
    model,
    clock,
    sessionTtlSeconds,
    onBackgroundError: (what, error) => log.error(what, { error }),
    onModelError: (error, site) => log.warn("answer model failed", { siteId: site.id, ...upstreamFailureFields(error) }),
    onAnswered: (e) =>
      recordQuery({
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
      recordUsage(usage);
      budget
        .addTokens(usage.siteId, usage.inputTokens + usage.outputTokens)
        .catch((error) => log.warn("chat budget: could not add tokens", { siteId: usage.siteId, error }));
    },
  });
  return { chat, chores: [{ name: "expired chat sessions", run: () => chat.pruneExpiredSessions() }] };
}

export type ChatModule = ReturnType<typeof createChatModule>;

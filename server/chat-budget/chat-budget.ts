// A site's public chat budget per UTC day (requests and model tokens, across every visitor): per-IP limits alone let
// many addresses run up unbounded model spend. Checked before a chat; tokens are added when the model reports them.
import { ErrorCode } from "../../shared/errors.ts";
import { Limits } from "../../shared/limits.ts";
import type { ChatBudgetUsage } from "../../shared/analytics.ts";
import type { RateLimits } from "../../shared/sites.ts";
import { DomainError } from "../errors/domain-error.ts";
import type { ChatBudgetStore } from "../ports/chat-budget-store.ts";

/** Stored settings may predate the budget fields: the defaults fill them in. */
export function chatBudgetLimits(rateLimits: Partial<RateLimits> | null | undefined) {
  return {
    requestsPerDay: rateLimits?.chatRequestsPerDay ?? Limits.chatRequestsPerDayDefault,
    tokensPerDay: rateLimits?.chatTokensPerDay ?? Limits.chatTokensPerDayDefault,
  };
}

export class ChatBudget {
  constructor(
    private readonly store: ChatBudgetStore,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private today() {
    const now = this.clock();
    const day = now.toISOString().slice(0, 10);
    const resetsAt = new Date(`${day}T00:00:00.000Z`);
    resetsAt.setUTCDate(resetsAt.getUTCDate() + 1);
    return { day, resetsAt, retryAfter: Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000)) };
  }

  /** Counts this chat against the site's day, or refuses as rate limited with retryAfter (seconds to the next UTC midnight). */
  async admit(site: { id: string; rateLimits?: Partial<RateLimits> }): Promise<void> {
    const limits = chatBudgetLimits(site.rateLimits);
    const { day, retryAfter } = this.today();
    const taken = await this.store.take({ siteId: site.id, day, maxRequests: limits.requestsPerDay, maxTokens: limits.tokensPerDay });
    if (taken) return;
    throw new DomainError(
      ErrorCode.RateLimited,
      `This site's chat budget for today is spent (${limits.requestsPerDay} questions or ${limits.tokensPerDay} model tokens per UTC day). Try again in ${retryAfter} s.`,
      retryAfter,
    );
  }

  async addTokens(siteId: string, tokens: number): Promise<void> {
    if (!(tokens > 0)) return;
    await this.store.addTokens({ siteId, day: this.today().day, tokens: Math.round(tokens) });
  }

  async usage(siteId: string, rateLimits: Partial<RateLimits>): Promise<ChatBudgetUsage> {
    const limits = chatBudgetLimits(rateLimits);
    const { day, resetsAt } = this.today();
    const spent = await this.store.read(siteId, day);
    return { day, ...spent, ...limits, resetsAt: resetsAt.toISOString() };
  }
}

// The per-site daily chat budget's counters in Postgres: one row per site and UTC day, updated in single statements.
import { and, eq, sql } from "drizzle-orm";
import { rows, type Db } from "./database.ts";
import { chatBudgetDays } from "./schema.ts";
import type { ChatBudgetDay, ChatBudgetStore } from "../../ports/chat-budget-store.ts";

export class PostgresChatBudgetStore implements ChatBudgetStore {
  constructor(private readonly db: Db) {}

  async take(input: { siteId: string; day: string; maxRequests: number; maxTokens: number }): Promise<ChatBudgetDay | null> {
    // The WHERE on the conflict branch makes the check and the count one row-locked step: no row back means refused.
    const [row] = await rows<{ requests: number; tokens: string | number }>(
      this.db,
      sql`INSERT INTO chat_budget_days (site_id, day, requests, tokens) VALUES (${input.siteId}, ${input.day}::date, 1, 0)
          ON CONFLICT (site_id, day) DO UPDATE SET requests = chat_budget_days.requests + 1
          WHERE chat_budget_days.requests < ${input.maxRequests} AND chat_budget_days.tokens < ${input.maxTokens}
          RETURNING requests, tokens`,
    );
    return row ? { requests: Number(row.requests), tokens: Number(row.tokens) } : null;
  }

  async addTokens(input: { siteId: string; day: string; tokens: number }): Promise<void> {
    await this.db
      .insert(chatBudgetDays)
      .values({ siteId: input.siteId, day: input.day, requests: 0, tokens: input.tokens })
      .onConflictDoUpdate({ target: [chatBudgetDays.siteId, chatBudgetDays.day], set: { tokens: sql`${chatBudgetDays.tokens} + ${input.tokens}` } });
  }

  async read(siteId: string, day: string): Promise<ChatBudgetDay> {
    const [row] = await this.db
      .select()
      .from(chatBudgetDays)
      .where(and(eq(chatBudgetDays.siteId, siteId), eq(chatBudgetDays.day, day)));
    return { requests: row?.requests ?? 0, tokens: row?.tokens ?? 0 };
  }
}

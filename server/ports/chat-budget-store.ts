// Counts a site's public chat requests and model tokens per UTC day. Adapter: adapters/postgres/chat-budget-store.ts.
export interface ChatBudgetDay {
  requests: number;
  tokens: number;
}

export interface ChatBudgetStore {
  /**
   * Counts one request for the day only while both the requests and the tokens are under their limits, atomically,
   * so concurrent chats on several instances cannot overshoot. Null when the budget is spent (nothing counted).
   */
  take(input: { siteId: string; day: string; maxRequests: number; maxTokens: number }): Promise<ChatBudgetDay | null>;
  addTokens(input: { siteId: string; day: string; tokens: number }): Promise<void>;
  read(siteId: string, day: string): Promise<ChatBudgetDay>;
}

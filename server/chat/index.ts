// The chat use case's public entry point: what other use-case folders may import from it.
export { chatBudgetLimits, type ChatBudget } from "./chat-budget.ts";

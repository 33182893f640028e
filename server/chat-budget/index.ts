// A site's daily public chat budget: admitted by chat (through the ChatAdmission it is given), reported by usage.
export { ChatBudget, chatBudgetLimits } from "./chat-budget.ts";

// Suggested next questions after an answer, from the pages it cited: the service sends no suggestions of its own,
// and a cited page the visitor has not asked about is the likeliest next step.
import type { ChatTurn } from "./chat-stream-controller.ts";

const MAX_SUGGESTIONS = 3;

export function followUpSuggestions(turns: readonly ChatTurn[], tellMeMore: (title: string) => string): string[] {
  const last = turns.at(-1);
  if (last?.status !== "done" || last.answered === false) return [];
  const asked = turns.map((turn) => turn.question.toLowerCase());
  const titles = [...new Set(last.sources.map((source) => source.title.trim()).filter(Boolean))];
  return titles
    .filter((title) => !asked.some((question) => question.includes(title.toLowerCase())))
    .slice(0, MAX_SUGGESTIONS)
    .map(tellMeMore);
}

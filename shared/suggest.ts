// Query completions while typing: GET /v1/public/sites/{siteId}/suggest?q=
import { Type, type Static } from "@sinclair/typebox";
import { Limits } from "./limits.ts";

export const SuggestQueryParams = Type.Object({
  q: Type.String({ minLength: 1, maxLength: Limits.suggestQueryMaxChars }),
});
export type SuggestQueryParams = Static<typeof SuggestQueryParams>;

export const Completion = Type.Object({
  text: Type.String(),
  /** Where it comes from: a page title, a section heading, or a query other visitors searched (with results). */
  source: Type.Union([Type.Literal("title"), Type.Literal("heading"), Type.Literal("query")]),
});
export type Completion = Static<typeof Completion>;

export const SuggestResponse = Type.Object({
  query: Type.String(),
  completions: Type.Array(Completion, { maxItems: Limits.suggestLimit }),
});
export type SuggestResponse = Static<typeof SuggestResponse>;

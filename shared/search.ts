// Search requests and responses: site search, group search.
import { Type, type Static } from "@sinclair/typebox";
import { Limits } from "./limits.ts";
import { Completion } from "./suggest.ts";

const Query = Type.String({ minLength: 1, maxLength: Limits.queryMaxChars });
const LimitParam = Type.Integer({ minimum: 1, maximum: Limits.searchLimitMax, default: Limits.searchLimitDefault });
const MinScoreParam = Type.Number({ minimum: 0, maximum: 1, default: Limits.minScoreDefault });
/** Which search answers: "instant" while the visitor types, "full" (the default) when they pause or submit. */
export const SearchSpeed = Type.Union([Type.Literal("instant"), Type.Literal("full")], {
  description:
    "instant: keyword search with the last word matched as a prefix, no typo look-alikes for it, no query embedding, one section per result, completions when nothing was found (site search); cheaper on the rate limit. full (default): the hybrid ranking.",
});
export type SearchSpeed = Static<typeof SearchSpeed>;
/** Metadata filters: field name → required value (or any of the values). Only fields with `filter` in the site's metadataSchema. */
export const SearchFilters = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Array(Type.String())]));
export type SearchFilters = Static<typeof SearchFilters>;

/** GET query string. Numbers arrive as strings and are coerced; `filter.<name>=value` pairs become filters. */
export const SearchQueryParams = Type.Object({
  q: Query,
  limit: Type.Optional(LimitParam),
  minScore: Type.Optional(MinScoreParam),
  speed: Type.Optional(SearchSpeed),
});
export type SearchQueryParams = Static<typeof SearchQueryParams>;

/** POST body; `q` is accepted as the name of the query too. */
export const SearchBody = Type.Object(
  {
    query: Type.Optional(Query),
    q: Type.Optional(Query),
    limit: Type.Optional(LimitParam),
    minScore: Type.Optional(MinScoreParam),
    filters: Type.Optional(SearchFilters),
    speed: Type.Optional(SearchSpeed),
  },
  { additionalProperties: false },
);
export type SearchBody = Static<typeof SearchBody>;

/** Character ranges of query terms inside `snippet`, [start, end) in UTF-16 code units. */
export const Highlight = Type.Tuple([Type.Integer(), Type.Integer()]);

export const SectionMatch = Type.Object({
  heading: Type.String({ description: "The section's own heading." }),
  headingPath: Type.Array(Type.String(), { description: "Headings from the page title down, e.g. Guide › Install › Linux." }),
  anchor: Type.Union([Type.String(), Type.Null()]),
  url: Type.String({ description: "Page URL with #anchor when the section has one." }),
  snippet: Type.String(),
  highlights: Type.Array(Highlight),
  score: Type.Number(),
});
export type SectionMatch = Static<typeof SectionMatch>;

export const SearchResult = Type.Object({
  url: Type.String(),
  title: Type.String(),
  snippet: Type.String({ description: "Plain text, never HTML; query terms are given by `highlights`." }),
  score: Type.Number({ minimum: 0, maximum: 1 }),
  highlights: Type.Array(Highlight),
  sections: Type.Array(SectionMatch),
  tags: Type.Array(Type.String()),
  siteId: Type.Optional(Type.String({ description: "Present in group search." })),
});
export type SearchResult = Static<typeof SearchResult>;

export const SearchResponse = Type.Object({
  query: Type.String(),
  suggestion: Type.Optional(Type.String({ description: 'The query with its typos corrected ("Did you mean …"), when a word was corrected.' })),
  results: Type.Array(SearchResult),
  totalResults: Type.Integer(),
  timingMs: Type.Integer(),
  facets: Type.Optional(Type.Record(Type.String(), Type.Array(Type.Object({ value: Type.String(), count: Type.Integer() })))),
  speed: Type.Optional(Type.Union([Type.Literal("instant"), Type.Literal("full")], { description: "Which search answered (see the speed parameter)." })),
  answerMode: Type.Optional(
    Type.Union([Type.Literal("generative"), Type.Literal("extractive")], {
      description: "How this service answers chat questions: a model writes them (generative) or the best passages are quoted (extractive).",
    }),
  ),
  completions: Type.Optional(
    Type.Array(Completion, {
      maxItems: Limits.suggestLimit,
      description: "Instant site search that found nothing: completions of the query, as the suggest endpoint gives them.",
    }),
  ),
});
export type SearchResponse = Static<typeof SearchResponse>;

/** Authenticated site search only (never the public routes): where a score came from. */
export const ScoreParts = Type.Object(
  {
    keyword: Type.Number({ minimum: 0, maximum: 1, description: "The keyword term: BM25 relevance (or the share of query words present), weighted." }),
    meaning: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()], {
      description: "The meaning term: vector similarity, weighted; null when the chunk has no vector yet or the query was not embedded (keyword only).",
    }),
  },
  { description: "keyword + meaning = score (to rounding); a page boost scales both." },
);
export type ScoreParts = Static<typeof ScoreParts>;
export const ExplainedSectionMatch = Type.Composite([SectionMatch, Type.Object({ scoreParts: ScoreParts })]);
export const ExplainedSearchResult = Type.Composite([
  Type.Omit(SearchResult, ["sections", "siteId"]),
  Type.Object({ sections: Type.Array(ExplainedSectionMatch), scoreParts: ScoreParts }),
]);
export type ExplainedSearchResult = Static<typeof ExplainedSearchResult>;
/** The search response with each result's and section's score split into its keyword and meaning parts. */
export const ExplainedSearchResponse = Type.Composite([Type.Omit(SearchResponse, ["results"]), Type.Object({ results: Type.Array(ExplainedSearchResult) })]);
export type ExplainedSearchResponse = Static<typeof ExplainedSearchResponse>;

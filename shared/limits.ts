// Numeric limits of the interface, shared by server validation and the widget's defaults.
export const Limits = {
  publicSearchPerMinutePerIp: 60,
  publicChatPerMinutePerIp: 20,
  apiPerMinutePerKey: 1000,
  ingestPerMinute: 60,
  pagesPerIngest: 100,
  pageContentBytes: 1_000_000,
  searchLimitMax: 100,
  searchLimitDefault: 10,
  minScoreDefault: 0.3,
  topQueriesDefault: 20,
  topQueriesMax: 100,
  pageListDefault: 20,
  pageListMax: 100,
  searchCacheSeconds: 60,
  chatSessionTtlSeconds: 30 * 60,
  chatQuestionMaxChars: 2000,
  queryMaxChars: 512,
  crawlMaxPagesDefault: 100,
  crawlMaxDepthDefault: 3,
  /** Synonyms per site (issue 19): sets, terms per set, characters per term. */
  synonymSetsPerSite: 500,
  synonymTermsPerSet: 20,
  synonymTermMaxChars: 100,
  /** Completions answered by the suggest endpoint. */
  suggestLimit: 8,
  suggestQueryMaxChars: 100,
  /** Largest request body accepted at all: 100 pages of 1 MB plus JSON overhead. */
  requestBodyBytes: 110_000_000,
} as const;

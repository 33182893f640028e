// Numeric limits of the interface, shared by server validation and the widget's defaults.
/** The two limits the widget needs, exported alone so its bundle does not carry the whole table. */
export const queryMaxChars = 512;
export const chatQuestionMaxChars = 2000;

export const Limits = {
  /**
   * A visitor's searches are a token bucket per site and address: this many at once (at most the site's searchPerMinute),
   * refilled at searchPerMinute. An instant search (while typing) takes instantSearchCost of a token, a full one a token.
   */
  publicSearchPerMinutePerIp: 60,
  publicSearchBurst: 30,
  instantSearchCost: 0.25,
  publicChatPerMinutePerIp: 20,
  /** A site's public chat budget per UTC day, across all visitors (rateLimits.chatRequestsPerDay / chatTokensPerDay). */
  chatRequestsPerDayDefault: 1000,
  chatTokensPerDayDefault: 2_000_000,
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
  /** A page of a crawl job's failed addresses (the dashboard's CSV export reads them in pages of the most). */
  crawlErrorListDefault: 100,
  crawlErrorListMax: 1000,
  /** Addresses of the largest error kind read to find the folder most of them share. */
  crawlErrorPatternSample: 5000,
  searchCacheSeconds: 60,
  chatSessionTtlSeconds: 30 * 60,
  chatQuestionMaxChars,
  queryMaxChars,
  /** Free text a visitor may add to a thumbs-down. */
  feedbackReasonMaxChars: 1000,
  crawlMaxPagesDefault: 100,
  crawlMaxPagesMax: 100_000,
  /** Ceiling of a site's own per-minute rate limits. */
  ratePerMinuteMax: 1_000_000,
  /** Descriptions of sites and groups. */
  descriptionMaxChars: 2000,
  /** An address given in a body (a clicked result, a base URL); the widely supported URL length. */
  urlMaxChars: 2048,
  crawlMaxDepthDefault: 3,
  /** Synonyms per site: sets, terms per set, characters per term. */
  synonymSetsPerSite: 500,
  synonymTermsPerSet: 20,
  synonymTermMaxChars: 100,
  /** Completions answered by the suggest endpoint. */
  suggestLimit: 8,
  suggestQueryMaxChars: 100,
  /** Characters of one URL pattern (crawl include/exclude, URL boost, delete by pattern). */
  urlPatternMaxChars: 500,
  /** RE2 program size (instructions) of one tenant URL pattern: a 500-character glob fits, a `[\s\S]{1000}` does not. */
  urlPatternProgramSize: 600,
  /** RE2 program size of all a site's URL boosts together, which every search runs over its candidate pages. */
  urlBoostsProgramSize: 10_000,
  /** Largest request body accepted at all, and only by page ingestion: 100 pages of 1 MB plus JSON overhead. */
  requestBodyBytes: 110_000_000,
  /** Connectors: webhooks per organisation, delivery attempts, PDF size and pages, least schedule interval. */
  webhooksPerOrg: 20,
  webhookAttempts: 12,
  webhookTimeoutSeconds: 10,
  /** Webhook deliveries one process sends at once, and at most this many for one organisation, so a receiver that hangs
   * holds its own organisation's slots only. */
  webhookConcurrency: 16,
  webhookInFlightPerOrg: 4,
  /** Pings an organisation may queue per minute. */
  webhookPingsPerMinute: 10,
  pdfBytes: 20_000_000,
  pdfPages: 2000,
  /** What a PDF's text streams may inflate to together; a 200 KB PDF can otherwise hold 100 MB of content stream. */
  pdfInflatedBytes: 32_000_000,
  /** Text pieces and characters read from one PDF; the text of a page is at most 1 MB anyway (pageContentBytes). */
  pdfTextItems: 500_000,
  pdfTextChars: 4_000_000,
  /** Wall-clock seconds one PDF may take to read on a preparation worker before the worker is stopped. */
  pdfReadSeconds: 20,
  scheduleMinIntervalSeconds: 300,
  /** Bodies of the public search, chat, click and feedback routes (a question is at most 2,000 characters). */
  publicBodyBytes: 64_000,
  /** Bodies of every other authenticated route (DELETE …/pages may list 1,000 URLs of 2 KB). */
  apiBodyBytes: 4_000_000,
  /** Deepest JSON nesting accepted (the deepest real body, a site's settings, nests 4 levels). */
  jsonDepthMax: 64,
  /** Longest request URL, query string included. */
  urlBytesMax: 8_192,
  /** All request header names and values together. */
  headerBytesMax: 32_768,
  /** Search sections (chunks) stored for one page; more is refused as an error of that page. */
  chunksPerPage: 2_000,
} as const;

/** Dashboard accounts: session lifetime, one-time links, login attempts. */
export const AccountLimits = {
  sessionSeconds: 7 * 24 * 3600,
  setupLinkSeconds: 24 * 3600,
  inviteLinkSeconds: 7 * 24 * 3600,
  /**
   * Failed sign-ins (login, or an invitation joined with an existing account's password) per minute: per address over
   * every email, per email from one address, and per email from every address together (higher, so guesses from one
   * address cannot lock the account for the others). A successful sign-in does not count.
   */
  loginFailuresPerMinutePerIp: 10,
  loginFailuresPerMinutePerEmailAndIp: 5,
  loginFailuresPerMinutePerEmail: 20,
  /** First-run setup requests per address per minute, whatever their outcome: the route is anonymous. */
  setupPerMinutePerIp: 10,
} as const;

// Site resource: configuration objects, create/update bodies and the site record.
import { Type, type Static } from "@sinclair/typebox";
import { Limits } from "./limits.ts";
import { Synonyms } from "./synonyms.ts";
import { DisplayName } from "./display-name.ts";

/** A URL pattern (crawl include/exclude, URL boosts, delete by pattern): a glob or a regex written `/…/flags` (docs/decisions.md). */
export const UrlPattern = Type.String({ minLength: 1, maxLength: Limits.urlPatternMaxChars });

/** A bare domain (example.com) or a wildcard-subdomain form (*.example.com); ports allowed, no scheme or path. */
export const DOMAIN_PATTERN = "^(\\*\\.)?([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\\.)*[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(:[0-9]{1,5})?$";

/**
 * Credentials the crawler sends to the site's own host (never to another host, never shown back in full):
 * stored encrypted, answered with every secret value masked as "********".
 */
export const CrawlerAuth = Type.Object(
  {
    headers: Type.Optional(
      Type.Record(
        Type.String({
          pattern: "^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$",
          errorMessage: "must be a header name: letters, digits and - (e.g. X-Api-Token), at most 100 characters",
        }),
        Type.String({ maxLength: 4000 }),
        { maxProperties: 20 },
      ),
    ),
    basic: Type.Optional(
      Type.Object({ username: Type.String({ minLength: 1, maxLength: 200 }), password: Type.String({ maxLength: 1000 }) }, { additionalProperties: false }),
    ),
    cookie: Type.Optional(Type.String({ minLength: 1, maxLength: 4000 })),
  },
  { additionalProperties: false },
);
export type CrawlerAuth = Static<typeof CrawlerAuth>;

export const CrawlerConfig = Type.Object(
  {
    maxPages: Type.Integer({ minimum: 1, maximum: Limits.crawlMaxPagesMax, default: Limits.crawlMaxPagesDefault }),
    maxDepth: Type.Integer({ minimum: 0, maximum: 100, default: Limits.crawlMaxDepthDefault }),
    respectRobotsTxt: Type.Boolean({ default: true }),
    excludePatterns: Type.Array(UrlPattern, { maxItems: 100, default: [] }),
    includePatterns: Type.Array(UrlPattern, { maxItems: 100, default: [] }),
    javascriptEnabled: Type.Boolean({ default: false }),
    /** Recrawl schedule, a cron expression read in UTC ("0 3 * * *"); null in an update removes it. */
    schedule: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()])),
    /** Null in an update removes the credentials. */
    auth: Type.Optional(Type.Union([CrawlerAuth, Type.Null()])),
  },
  { additionalProperties: false },
);
export type CrawlerConfig = Static<typeof CrawlerConfig>;
export const CrawlerConfigPatch = Type.Partial(CrawlerConfig, { additionalProperties: false });

export const PublicAccess = Type.Object(
  {
    enabled: Type.Boolean({ default: true, description: "Master switch; when false both search and chat are off." }),
    searchEnabled: Type.Boolean({ default: false }),
    chatEnabled: Type.Boolean({ default: false }),
    allowedDomains: Type.Array(
      Type.String({
        pattern: DOMAIN_PATTERN,
        maxLength: 260,
        errorMessage: "must be a domain such as docs.example.com, *.example.com or localhost:8080 (no http:// and no path)",
      }),
      { maxItems: 100, default: [] },
    ),
  },
  { additionalProperties: false },
);
export type PublicAccess = Static<typeof PublicAccess>;
export const PublicAccessPatch = Type.Partial(PublicAccess, { additionalProperties: false });

export const RateLimits = Type.Object(
  {
    searchPerMinute: Type.Integer({ minimum: 1, maximum: Limits.ratePerMinuteMax, default: Limits.publicSearchPerMinutePerIp }),
    chatPerMinute: Type.Integer({ minimum: 1, maximum: Limits.ratePerMinuteMax, default: Limits.publicChatPerMinutePerIp }),
    /** Optional cap per visitor IP across search and chat together; unset means only the two limits above apply. */
    perIpPerMinute: Type.Optional(Type.Integer({ minimum: 1, maximum: Limits.ratePerMinuteMax })),
    /** The site's chat budget per UTC day across every visitor, so model spend is bounded however many addresses ask. */
    /** Optional in stored rows that predate them; responses always carry them (defaults filled in). */
    chatRequestsPerDay: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000_000, default: Limits.chatRequestsPerDayDefault })),
    chatTokensPerDay: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000_000_000, default: Limits.chatTokensPerDayDefault })),
  },
  { additionalProperties: false },
);
export type RateLimits = Static<typeof RateLimits>;
export const RateLimitsPatch = Type.Partial(RateLimits, { additionalProperties: false });

/** A custom metadata field, read from page `metadata` (or `<meta name>` tags) for facets and filters. */
export const MetadataField = Type.Object(
  {
    name: Type.String({
      pattern: "^[a-zA-Z][a-zA-Z0-9_]{0,63}$",
      errorMessage: "must start with a letter and use only letters, digits and _ (at most 64 characters)",
    }),
    type: Type.Union([Type.Literal("string"), Type.Literal("number"), Type.Literal("boolean"), Type.Literal("string[]")]),
    facet: Type.Optional(Type.Boolean({ default: false })),
    filter: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
);
export type MetadataField = Static<typeof MetadataField>;

/** Pages carrying `tag` have their score multiplied by `boost` (0 < boost ≤ 10; below 1 demotes). */
export const TagBoost = Type.Object(
  { tag: Type.String({ minLength: 1, maxLength: 100 }), boost: Type.Number({ exclusiveMinimum: 0, maximum: 10 }) },
  { additionalProperties: false },
);
export type TagBoost = Static<typeof TagBoost>;

/** Pages whose URL matches the glob `pattern` have their score multiplied by `boost`. */
export const UrlBoost = Type.Object({ pattern: UrlPattern, boost: Type.Number({ exclusiveMinimum: 0, maximum: 10 }) }, { additionalProperties: false });
export type UrlBoost = Static<typeof UrlBoost>;

export const SiteStatus = Type.Union([Type.Literal("pending"), Type.Literal("ready"), Type.Literal("error")]);
export type SiteStatus = Static<typeof SiteStatus>;

/** What a base URL accepts, said the same way by the API and the dashboard's wizard. */
export const httpUrlWording = "must be a web address starting with http:// or https://, e.g. https://docs.example.com/";
const HttpUrl = Type.String({ format: "uri", pattern: "^https?://", maxLength: Limits.urlMaxChars, errorMessage: httpUrlWording });

export const CreateSiteBody = Type.Object(
  {
    name: DisplayName(200),
    baseUrl: HttpUrl,
    description: Type.Optional(Type.String({ maxLength: Limits.descriptionMaxChars })),
    crawlerConfig: Type.Optional(CrawlerConfigPatch),
  },
  { additionalProperties: false },
);
export type CreateSiteBody = Static<typeof CreateSiteBody>;

export const UpdateSiteBody = Type.Object(
  {
    name: Type.Optional(DisplayName(200)),
    baseUrl: Type.Optional(HttpUrl),
    description: Type.Optional(Type.String({ maxLength: Limits.descriptionMaxChars })),
    crawlerConfig: Type.Optional(CrawlerConfigPatch),
    publicAccess: Type.Optional(PublicAccessPatch),
    rateLimits: Type.Optional(RateLimitsPatch),
    metadataSchema: Type.Optional(Type.Array(MetadataField, { maxItems: 50 })),
    tagBoosts: Type.Optional(Type.Array(TagBoost, { maxItems: 200 })),
    urlBoosts: Type.Optional(Type.Array(UrlBoost, { maxItems: 200 })),
    synonyms: Type.Optional(Synonyms),
  },
  { additionalProperties: false },
);
export type UpdateSiteBody = Static<typeof UpdateSiteBody>;

/** List item and create response (lastCrawledAt absent until a crawl completes). */
export const SiteSummary = Type.Object({
  siteId: Type.String(),
  name: Type.String(),
  baseUrl: Type.String(),
  status: SiteStatus,
  pageCount: Type.Integer(),
  lastCrawledAt: Type.Optional(Type.Integer()),
  createdAt: Type.Integer(),
  lastError: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** With a schedule: when it next starts a crawl, when it last did, and whether the last success is overdue. */
  nextCrawlAt: Type.Optional(Type.Integer()),
  lastScheduledCrawlAt: Type.Optional(Type.Integer()),
  stale: Type.Optional(Type.Boolean()),
});
export type SiteSummary = Static<typeof SiteSummary>;

/**
 * How far the site's chunks are embedded: `indexing` while some wait for their vectors (keyword search already finds
 * them), `ready` once none do. `secondsLeft` is estimated from the site's recent embedding rate; null until there is one.
 */
export const SiteIndexing = Type.Object({
  state: Type.Union([Type.Literal("indexing"), Type.Literal("ready")]),
  chunkCount: Type.Integer(),
  embeddedChunkCount: Type.Integer(),
  /** embeddedChunkCount / chunkCount, 0-1 (1 for a site without chunks). */
  share: Type.Number(),
  secondsLeft: Type.Union([Type.Integer(), Type.Null()]),
});
export type SiteIndexing = Static<typeof SiteIndexing>;

/** Get Site: configuration and statistics. */
export const SiteDetail = Type.Composite([
  SiteSummary,
  Type.Object({
    description: Type.String(),
    crawlerConfig: CrawlerConfig,
    publicAccess: PublicAccess,
    rateLimits: RateLimits,
    metadataSchema: Type.Array(MetadataField),
    tagBoosts: Type.Array(TagBoost),
    urlBoosts: Type.Array(UrlBoost),
    synonyms: Type.Optional(Synonyms),
    updatedAt: Type.Integer(),
    stats: Type.Object({
      pageCount: Type.Integer(),
      chunkCount: Type.Integer(),
      embeddedChunkCount: Type.Integer(),
      lastCrawlJobId: Type.Union([Type.String(), Type.Null()]),
    }),
    indexing: SiteIndexing,
    answerMode: Type.Optional(
      Type.Union([Type.Literal("generative"), Type.Literal("extractive")], {
        description: "How this service answers chat: a model writes the answer (ANTHROPIC_API_KEY set) or the best passages are quoted.",
      }),
    ),
  }),
]);
export type SiteDetail = Static<typeof SiteDetail>;

export const SiteList = Type.Object({ sites: Type.Array(SiteSummary) });
export type SiteList = Static<typeof SiteList>;

export const SuccessBody = Type.Object({ success: Type.Boolean() });
export type SuccessBody = Static<typeof SuccessBody>;

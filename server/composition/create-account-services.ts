// Builds the accounts use cases (sessions, first-run setup, invitations, keys, site search) over Postgres;
// part of the composition root, kept apart so app.ts stays the list of what runs.
import type { Db } from "../adapters/postgres/database.ts";
import { PostgresUserStore } from "../adapters/postgres/user-store.ts";
import { PostgresSessionStore } from "../adapters/postgres/session-store.ts";
import type { AccountStore } from "../adapters/postgres/account-store.ts";
import type { CrawlJobStore } from "../adapters/postgres/crawl-job-store.ts";
import type { SiteStore } from "../adapters/postgres/site-store.ts";
import { SessionService } from "../accounts/session-service.ts";
import { SetupService } from "../accounts/setup-service.ts";
import { KeyService } from "../accounts/key-service.ts";
import { SiteSearchService } from "../search/site-search-service.ts";
import type { HybridSearch } from "../search/hybrid-search.ts";
import type { SiteService } from "../sites/site-service.ts";
import type { QueryRecord } from "../ports/query-record.ts";
import type { RateLimiter } from "../rate-limit/rate-limiter.ts";

export interface AccountServices {
  users: PostgresUserStore;
  sessionStore: PostgresSessionStore;
  sessions: SessionService;
  setup: SetupService;
  keys: KeyService;
  siteSearch: SiteSearchService;
  jobSite(orgId: string, jobId: string): Promise<string | null>;
}

export function createAccountServices(input: {
  db: Db;
  accounts: AccountStore;
  siteStore: SiteStore;
  sites: SiteService;
  crawlJobs: CrawlJobStore;
  limiter: RateLimiter;
  hybrid: HybridSearch;
  record(event: QueryRecord): void;
  clock?: () => number;
}): AccountServices {
  const now = input.clock ? () => new Date(input.clock!() * 1000) : () => new Date();
  const users = new PostgresUserStore(input.db);
  const sessionStore = new PostgresSessionStore(input.db);
  const sessions = new SessionService({ users, sessions: sessionStore, limiter: input.limiter, now });
  return {
    users,
    sessionStore,
    sessions,
    setup: new SetupService(users, sessions, input.limiter, now),
    keys: new KeyService(input.accounts, async (orgId, siteId) => (await input.siteStore.getById(siteId))?.orgId === orgId, now),
    siteSearch: new SiteSearchService(input.hybrid, (orgId, siteId) => input.sites.get(orgId, siteId), input.record),
    jobSite: async (orgId, jobId) => (await input.crawlJobs.get(orgId, jobId))?.siteId ?? null,
  };
}

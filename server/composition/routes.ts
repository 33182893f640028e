// Every route, mounted over the plugins that guard them: the container's route table (Meilisearch's configure()).
// Handlers live in server/routes/, one file per resource; this file only says which use case serves which prefix.
import { Elysia } from "elysia";
import { openapi } from "@elysiajs/openapi";
import { join } from "node:path";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
import type { HealthCheck } from "../ports/health-check.ts";
import type { AccountStore } from "../ports/account-store.ts";
import type { RateLimiter } from "../rate-limit/index.ts";
import type { AccountsModule } from "../accounts/index.ts";
import type { AnalyticsModule } from "../analytics/index.ts";
import type { ChatModule } from "../chat/index.ts";
import type { WebhookService } from "../connectors/index.ts";
import type { CrawlModule } from "../crawl/index.ts";
import type { GroupsModule } from "../groups/index.ts";
import type { IngestModule } from "../ingest/index.ts";
import type { SearchModule } from "../search/index.ts";
import type { SitesModule } from "../sites/index.ts";
import type { DocumentStore } from "../ports/document-store.ts";
import type { SiteStore } from "../ports/site-store.ts";
import { healthDetailsAllowed } from "../auth/health-details-access.ts";
import { errorHandler } from "../plugins/error-handler.ts";
import { requestGuards } from "../plugins/request-guards.ts";
import { publicCors } from "../plugins/public-cors.ts";
import { storableText } from "../plugins/storable-text.ts";
import { boundedBody } from "../plugins/bounded-body.ts";
import { principalPlugin, principalOf } from "../plugins/auth.ts";
import { publicAccessGate } from "../plugins/public-access.ts";
import { siteRoutes } from "../routes/sites.ts";
import { healthRoutes } from "../routes/health.ts";
import { widgetAssetRoutes } from "../routes/widget-assets.ts";
import { publicChatRoutes } from "../routes/public-chat.ts";
import { analyticsRoutes } from "../routes/analytics.ts";
import { usageRoutes } from "../routes/usage.ts";
import { publicFeedbackRoutes } from "../routes/public-feedback.ts";
import { publicGroupSearchRoutes, publicSearchRoutes } from "../routes/public-search.ts";
import { publicSuggestRoutes } from "../routes/public-suggest.ts";
import { groupRoutes } from "../routes/groups.ts";
import { pageRoutes } from "../routes/pages.ts";
import { crawlRoutes } from "../routes/crawl.ts";
import { webhookRoutes } from "../routes/webhooks.ts";
import { orgMcpRoutes, publicMcpRoutes } from "../routes/mcp.ts";
import { llmsTxtRoutes } from "../routes/llms-txt.ts";
import { sessionRoutes } from "../routes/session.ts";
import { keyRoutes } from "../routes/keys.ts";
import { siteSearchRoutes } from "../routes/site-search.ts";
import { dashboardRoutes } from "../routes/dashboard-assets.ts";

export interface RouteDeps {
  config: Config;
  log: Logger;
  health: HealthCheck[];
  stores: {
    accounts: AccountStore;
    sites: SiteStore;
    documents: DocumentStore;
    limiter: RateLimiter;
    crawlJobs: { get(orgId: string, jobId: string): Promise<{ siteId: string } | null> };
    refusedOrigins: { record(siteId: string, origin: string): Promise<void> };
  };
  features: {
    accounts: AccountsModule;
    analytics: AnalyticsModule;
    chat: ChatModule;
    crawl: CrawlModule;
    groups: GroupsModule;
    ingest: IngestModule;
    search: SearchModule;
    sites: SitesModule;
    webhooks: { webhooks: WebhookService };
  };
}

export function mountRoutes({ config, log, health, stores, features }: RouteDeps) {
  const { sessions, setup, keys } = features.accounts;
  const jobSite = async (orgId: string, jobId: string) => (await stores.crawlJobs.get(orgId, jobId))?.siteId ?? null;
  const authDeps = { accounts: stores.accounts, limiter: stores.limiter, sessions, jobSite, trustProxy: config.trustProxy };
  const principal = principalPlugin(authDeps);
  // Searching and managing keys are not API writes the Free plan is kept from (decisions.md).
  const principalAnyPlan = principalPlugin(authDeps, { skipPlan: true });
  const { trustProxy } = config;
  const gate = publicAccessGate({ sites: features.sites.siteRows, limiter: stores.limiter, trustProxy, refusals: stores.refusedOrigins });
  const publicSite = { gate, trustProxy };
  const { publicSearch, suggest } = features.search;
  const { chat } = features.chat;
  const { sites } = features.sites;
  const answerMode = chat.mode;
  const showDetails = (authorization: string | undefined) => healthDetailsAllowed(config.healthDetails, stores.accounts, authorization);
  const chatErrors = (error: unknown) => log.error("chat stream failed", { error });
  // normalize: false makes unknown fields a 400 instead of being dropped silently (see routes/route-group.ts).
  return (
    new Elysia({ normalize: false })
      .use(errorHandler({ error: (line, fields) => log.error(line, fields), debug: (line, fields) => log.debug(line, fields) }))
      // Before the guards: their 431 and 413 on a public route must be readable by the widget too.
      .use(publicCors())
      .use(requestGuards())
      .use(boundedBody((request) => principalOf(authDeps, request)))
      .use(storableText())
      .use(apiDocs())
      .use(healthRoutes({ checks: health, showDetails }))
      .use(widgetAssetRoutes(config.widgetDir))
      .use(dashboardRoutes(join(config.widgetDir, "dashboard")))
      .use(sessionRoutes({ sessions, setup, trustProxy }))
      .use(keyRoutes({ keys, principal: principalAnyPlan }))
      .use(siteSearchRoutes({ search: features.search.siteSearch, principal: principalAnyPlan }))
      .use(publicChatRoutes({ chat, gate, trustProxy, onUnexpectedError: chatErrors }))
      .use(siteRoutes({ sites, principal, answerMode }, "/api/sites"))
      .use(siteRoutes({ sites, principal, answerMode }, "/organisations/:orgId/ai-search/sites"))
      .use(pageRoutes({ pages: features.ingest.pages, limiter: stores.limiter, principal }, "/api/sites"))
      .use(pageRoutes({ pages: features.ingest.pages, limiter: stores.limiter, principal }, "/organisations/:orgId/ai-search/sites"))
      .use(crawlRoutes({ crawl: features.crawl.crawl, principal }))
      .use(webhookRoutes({ webhooks: features.webhooks.webhooks, principal }))
      .use(orgMcpRoutes({ principal, search: publicSearch, chat, sites: stores.sites }))
      .use(llmsTxtRoutes({ ...publicSite, documents: stores.documents }))
      .use(publicMcpRoutes({ ...publicSite, search: publicSearch, chat, sites: stores.sites }))
      .use(analyticsRoutes({ analytics: features.analytics.analytics, principal }))
      .use(usageRoutes({ usage: features.analytics.usage, principal }))
      .use(publicFeedbackRoutes({ ...features.analytics.publicFeedback, ...publicSite }))
      .use(publicSearchRoutes({ ...publicSite, search: publicSearch, answerMode }))
      .use(publicSuggestRoutes({ ...publicSite, suggest }))
      .use(publicGroupSearchRoutes({ ...publicSite, search: publicSearch, answerMode, groups: features.groups.store, sites: stores.sites }))
      .use(groupRoutes({ groups: features.groups.groups, principal: principalPlugin(authDeps, { requiredPlan: "enterprise" }) }))
  );
}

/** The OpenAPI document at /openapi.json. */
function apiDocs() {
  return openapi({
    // No viewer from a public CDN: the dashboard renders /openapi.json itself, and /docs points there.
    provider: null,
    specPath: "/openapi.json",
    documentation: {
      info: {
        title: "site-search API",
        version: "1.0.0",
        description: "Site search and AI answers: sites, content, crawls, search, chat, groups, analytics.",
      },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "srch_live_… or srch_test_… API key" } } },
    },
  });
}

// The HTTP app: mounts the plugins and routes over the services the composition root built (server/composition/).
import { Elysia } from "elysia";
import { openapi } from "@elysiajs/openapi";
import { join } from "node:path";
import { healthDetailsAllowed } from "./auth/health-details-access.ts";
import { errorHandler } from "./plugins/error-handler.ts";
import { requestGuards } from "./plugins/request-guards.ts";
import { publicCors } from "./plugins/public-cors.ts";
import { storableText } from "./plugins/storable-text.ts";
import { boundedBody } from "./plugins/bounded-body.ts";
import { principalPlugin, principalOf } from "./plugins/auth.ts";
import { siteRoutes } from "./routes/sites.ts";
import { healthRoutes } from "./routes/health.ts";
import { widgetAssetRoutes } from "./routes/widget-assets.ts";
import { publicChatRoutes } from "./routes/public-chat.ts";
import { analyticsRoutes } from "./routes/analytics.ts";
import { usageRoutes } from "./routes/usage.ts";
import { publicFeedbackRoutes } from "./routes/public-feedback.ts";
import { publicGroupSearchRoutes, publicSearchRoutes } from "./routes/public-search.ts";
import { publicSuggestRoutes } from "./routes/public-suggest.ts";
import { groupRoutes } from "./routes/groups.ts";
import { pageRoutes } from "./routes/pages.ts";
import { crawlRoutes } from "./routes/crawl.ts";
import { webhookRoutes } from "./routes/webhooks.ts";
import { orgMcpRoutes, publicMcpRoutes } from "./routes/mcp.ts";
import { llmsTxtRoutes } from "./routes/llms-txt.ts";
import { sessionRoutes } from "./routes/session.ts";
import { keyRoutes } from "./routes/keys.ts";
import { siteSearchRoutes } from "./routes/site-search.ts";
import { dashboardRoutes } from "./routes/dashboard-assets.ts";
import type { Services } from "./composition/services.ts";

// Entry points, tests and benches build the services here too; the building itself lives in server/composition/.
export { createServices } from "./composition/create-services.ts";
export type { ServiceOverrides, Services } from "./composition/services.ts";

export function createApp(services: Services) {
  const { log, config } = services;
  const { sessions, setup, keys, siteSearch, jobSite } = services.accountServices;
  const authDeps = { accounts: services.accounts, limiter: services.limiter, sessions, jobSite, trustProxy: config.trustProxy };
  const principal = principalPlugin(authDeps);
  // Searching and managing keys are not API writes the Free plan is kept from (decisions.md).
  const principalAnyPlan = principalPlugin(authDeps, { skipPlan: true });
  const { gate, publicSearch } = services.search;
  const publicSite = { gate, trustProxy: config.trustProxy };
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
      .use(health(services))
      .use(widgetAssetRoutes(config.widgetDir))
      .use(dashboardRoutes(join(config.widgetDir, "dashboard")))
      .use(sessionRoutes({ sessions, setup, trustProxy: config.trustProxy }))
      .use(keyRoutes({ keys, principal: principalAnyPlan }))
      .use(siteSearchRoutes({ search: siteSearch, principal: principalAnyPlan }))
      .use(publicChat(services))
      .use(siteRoutes({ sites: services.sites, principal, answerMode: services.chat.mode }, "/api/sites"))
      .use(siteRoutes({ sites: services.sites, principal, answerMode: services.chat.mode }, "/organisations/:orgId/ai-search/sites"))
      .use(pageRoutes({ pages: services.pages, limiter: services.limiter, principal }, "/api/sites"))
      .use(pageRoutes({ pages: services.pages, limiter: services.limiter, principal }, "/organisations/:orgId/ai-search/sites"))
      .use(crawlRoutes({ crawl: services.crawl, principal }))
      .use(webhookRoutes({ webhooks: services.connectors.webhooks, principal }))
      .use(orgMcpRoutes({ principal, search: publicSearch, chat: services.chat, sites: services.siteStore }))
      .use(llmsTxtRoutes({ ...publicSite, documents: services.documents }))
      .use(publicMcpRoutes({ ...publicSite, search: publicSearch, chat: services.chat, sites: services.siteStore }))
      .use(analyticsRoutes({ analytics: services.analytics.analytics, principal }))
      .use(usageRoutes({ usage: services.analytics.usage, principal }))
      .use(publicFeedbackRoutes({ ...services.analytics.publicFeedback, ...publicSite }))
      .use(publicSearchRoutes({ ...publicSite, search: publicSearch, answerMode: services.chat.mode }))
      .use(publicSuggestRoutes({ ...publicSite, suggest: services.search.suggest }))
      .use(
        publicGroupSearchRoutes({
          ...publicSite,
          search: publicSearch,
          answerMode: services.chat.mode,
          groups: services.search.groupStore,
          sites: services.siteStore,
        }),
      )
      .use(groupRoutes({ groups: services.search.groups, principal: principalPlugin(authDeps, { requiredPlan: "enterprise" }) }))
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

function health(services: Services) {
  return healthRoutes({
    checks: services.healthChecks,
    showDetails: (authorization) => healthDetailsAllowed(services.config.healthDetails, services.accounts, authorization),
  });
}

function publicChat(services: Services) {
  return publicChatRoutes({
    chat: services.chat,
    gate: services.search.gate,
    trustProxy: services.config.trustProxy,
    onUnexpectedError: (error) => services.log.error("chat stream failed", { error }),
  });
}

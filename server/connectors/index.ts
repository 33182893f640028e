// The connectors' public entry point (schedules, crawler settings, webhooks, llms.txt, MCP): what routes and other
// use-case folders may import from it.
export { isStale } from "./crawl-schedule.ts";
export type { CrawlerSettings } from "./crawler-settings.ts";
export { renderLlmsTxt, type LlmsTxtSite, type PageLister } from "./llms-txt.ts";
export { buildMcpServer, handleMcpRequest } from "./mcp-tools.ts";
export type { WebhookService } from "./webhook-service.ts";
export { createSchedulesModule, createWebhooksModule, SecretBox, type WebhooksModule } from "./connectors-module.ts";

// The connectors' public entry point (schedules, crawler settings, webhooks): what other use-case folders may import from it.
export { isStale } from "./crawl-schedule.ts";
export type { CrawlerSettings } from "./crawler-settings.ts";

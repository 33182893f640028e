// The crawl use case's public entry point: what routes and other use-case folders may import from it.
export type { CrawlService } from "./crawl-service.ts";
export { createCrawlModule, type CrawlModule } from "./crawl-module.ts";

// The ingest use case's public entry point: what routes and other use-case folders may import from it.
export type { CleanedPage } from "./clean-html.ts";
export type { IngestService } from "./ingest-service.ts";
export type { PageService } from "./page-service.ts";
export { normaliseUrl } from "./url-normalise.ts";
export { createIngestModule, type IngestModule } from "./ingest-module.ts";

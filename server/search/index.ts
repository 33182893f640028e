// The search use case's public entry point: what routes and other use-case folders may import from it.
export type { HybridChunksOutput, HybridSearchInput, SearchSiteSettings } from "./hybrid-search.ts";
export type { PublicSearchService, SearchAnswer } from "./public-search-service.ts";
export type { SiteSearchService } from "./site-search-service.ts";
export type { SuggestService } from "./suggest-service.ts";
export { createSearchModule, type SearchModule } from "./search-module.ts";

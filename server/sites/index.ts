// The sites use case's public entry point: what routes, plugins and other use-case folders may import from it.
export { siteHostCheck } from "./site-hosts.ts";
export { originAllowed } from "./allowed-origins.ts";
export type { SiteService } from "./site-service.ts";
export { createSitesModule, type SitesModule } from "./sites-module.ts";

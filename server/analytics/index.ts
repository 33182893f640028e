// The analytics use case's public entry point: what routes and other use-case folders may import from it.
export type { AnalyticsQueries } from "./analytics-queries.ts";
export { parseBeaconBody } from "./beacon-body.ts";
export type { UsageQueries } from "./usage-queries.ts";
export { createAnalyticsModule, type AnalyticsModule } from "./analytics-module.ts";

// The database schema (drizzle), one file per area under schema/; this index is what drizzle-kit and every importer read.
// Row types come from these tables; SQL names are snake_case.
export { vector } from "./schema/columns.ts";
export * from "./schema/accounts.ts";
export * from "./schema/content.ts";
export * from "./schema/crawl.ts";
export * from "./schema/chat.ts";
export * from "./schema/analytics.ts";
export * from "./schema/operations.ts";
export * from "./schema/jobs.ts";
// Webhook tables live in their own file; re-exported so drizzle-kit and every importer see one schema.
export * from "./webhook-schema.ts";

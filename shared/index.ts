// The wire contract shared by the widget and the server.
export * from "./errors.ts";
export * from "./limits.ts";
export * from "./sites.ts";
export * from "./pages.ts";
export * from "./search.ts";
export * from "./synonyms.ts";
export * from "./suggest.ts";
export * from "./chat.ts";
export * from "./crawl.ts";
export * from "./groups.ts";
export * from "./analytics.ts";
export * from "./keys.ts";
export * from "./accounts.ts";
export * from "./webhooks.ts";

// Globals the script-tag chunks register under; shared by the IIFE files so they agree without importing each other.
export const CHAT_GLOBAL = "__siteSearchChatRuntime";
export const PURIFY_GLOBAL = "__siteSearchPurify";

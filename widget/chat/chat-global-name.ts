// Global the script-tag chat chunk registers under; shared by both IIFE files so they agree without importing each other.
export const CHAT_GLOBAL = "__siteSearchChatRuntime";

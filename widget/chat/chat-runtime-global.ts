// Entry of site-search-chat.js (script-tag build): publishes the chat runtime where the main IIFE looks for it.
import * as runtime from "./chat-runtime.ts";
import { CHAT_GLOBAL } from "./chat-global-name.ts";

(globalThis as Record<string, unknown>)[CHAT_GLOBAL] = runtime;

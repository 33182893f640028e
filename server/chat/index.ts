// The chat use case's public entry point: what routes and other use-case folders may import from it.
export type { ChatService, ChatSite } from "./chat-service.ts";
export { openEventStream, wantsEventStream } from "./sse.ts";
export { createChatModule, type ChatModule } from "./chat-module.ts";

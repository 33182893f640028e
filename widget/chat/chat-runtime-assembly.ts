// Puts the loaded chat chunk together with a sanitiser: the browser's own when it has one, else DOMPurify loaded now.
import type { AnswerSanitizer } from "../render/answer-sanitizer.ts";
import type { RenderMarkdown } from "../render/markdown.ts";

export type ChatModule = typeof import("./chat-runtime.ts");

/** What the widget uses once chat is loaded. */
export interface ChatRuntime {
  ChatStreamController: ChatModule["ChatStreamController"];
  renderMarkdown: RenderMarkdown;
  renderConversation: ChatModule["renderConversation"];
  /** CSS text of the conversation view, adopted into the element's shadow root on load. */
  styles: string;
}

export async function assembleChatRuntime(chat: ChatModule, loadFallbackSanitizer: () => Promise<AnswerSanitizer>): Promise<ChatRuntime> {
  const sanitize = chat.nativeAnswerSanitizer() ?? (await loadFallbackSanitizer());
  return {
    ChatStreamController: chat.ChatStreamController,
    renderMarkdown: chat.markdownRenderer(sanitize),
    renderConversation: chat.renderConversation,
    styles: chat.conversationStyles,
  };
}

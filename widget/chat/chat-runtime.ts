// The lazily loaded half of the widget: streaming chat and markdown (marked + the answer sanitiser), fetched on first
// "Ask AI". DOMPurify is not in it: only browsers without the HTML Sanitizer API fetch it, as a chunk of its own.
export { ChatStreamController, type ChatTurn, type ChatStreamOptions, type TurnStatus } from "./chat-stream-controller.ts";
export { markdownRenderer } from "../render/markdown.ts";
export { nativeAnswerSanitizer } from "../render/answer-sanitizer.ts";
export { renderConversation } from "../render/answer-view.ts";
export { conversationStyles } from "../render/conversation-styles.ts";

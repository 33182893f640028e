// The lazily loaded half of the widget: streaming chat and markdown (marked + DOMPurify), fetched on first "Ask AI".
export { ChatStreamController, type ChatTurn, type ChatStreamOptions, type TurnStatus } from "./chat-stream-controller.ts";
export { renderMarkdown } from "../render/markdown.ts";

// Loads the chat runtime as split chunks (ES module builds: the bundler turns each import() into a separate file).
import { assembleChatRuntime, type ChatRuntime } from "./chat-runtime-assembly.ts";

export type { ChatRuntime } from "./chat-runtime-assembly.ts";

let pending: Promise<ChatRuntime> | undefined;

export function loadChatRuntime(): Promise<ChatRuntime> {
  pending ??= import("./chat-runtime.ts")
    .then((chat) => assembleChatRuntime(chat, async () => (await import("../render/dompurify-sanitizer.ts")).dompurifySanitizer()))
    .catch((cause: unknown) => {
      pending = undefined; // Let a later click retry after a network blip.
      throw cause;
    });
  return pending;
}

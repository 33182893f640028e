// Loads the chat runtime as a split chunk (ES module builds: the bundler turns this into a separate file).
export type ChatRuntime = typeof import("./chat-runtime.ts");

let pending: Promise<ChatRuntime> | undefined;

export function loadChatRuntime(): Promise<ChatRuntime> {
  pending ??= import("./chat-runtime.ts").catch((cause: unknown) => {
    pending = undefined; // Let a later click retry after a network blip.
    throw cause;
  });
  return pending;
}

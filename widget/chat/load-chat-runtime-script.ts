// Script-tag build: an IIFE cannot code-split, so the chat runtime is a second IIFE next to this file, added as a <script>.
import type { ChatRuntime } from "./load-chat-runtime.ts";

import { CHAT_GLOBAL } from "./chat-global-name.ts";

// currentScript is only set while the main file first runs, so its address is captured at load time.
const scriptSrc = document.currentScript instanceof HTMLScriptElement ? document.currentScript.src : "";

let pending: Promise<ChatRuntime> | undefined;

export function loadChatRuntime(): Promise<ChatRuntime> {
  const existing = (globalThis as Record<string, unknown>)[CHAT_GLOBAL] as ChatRuntime | undefined;
  if (existing) return Promise.resolve(existing);
  pending ??= new Promise<ChatRuntime>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = new URL("site-search-chat.js", scriptSrc || document.baseURI).href;
    script.async = true;
    // Carry a CSP nonce over so strict script-src policies with nonces still allow the chunk.
    const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
    if (nonce) script.nonce = nonce;
    script.onload = () => {
      const runtime = (globalThis as Record<string, unknown>)[CHAT_GLOBAL] as ChatRuntime | undefined;
      if (runtime) resolve(runtime);
      else reject(new Error("site-search-chat.js did not register"));
    };
    script.onerror = () => {
      pending = undefined;
      script.remove();
      reject(new Error("Could not load site-search-chat.js"));
    };
    document.head.append(script);
  });
  return pending;
}

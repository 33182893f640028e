// Script-tag build: an IIFE cannot code-split, so the chat runtime (and, for browsers without the Sanitizer API,
// DOMPurify) are further IIFEs next to this file, added as <script>s.
import { assembleChatRuntime, type ChatModule, type ChatRuntime } from "./chat-runtime-assembly.ts";
import type { dompurifySanitizer } from "../render/dompurify-sanitizer.ts";
import { CHAT_GLOBAL, PURIFY_GLOBAL } from "./chat-global-name.ts";

// currentScript is only set while the main file first runs, so its address is captured at load time.
const scriptSrc = document.currentScript instanceof HTMLScriptElement ? document.currentScript.src : "";

let pending: Promise<ChatRuntime> | undefined;

/** Adds file (beside site-search.js) as a script once and resolves with what it registered under global. */
function loadScriptGlobal<T>(file: string, global: string): Promise<T> {
  const existing = (globalThis as Record<string, unknown>)[global] as T | undefined;
  if (existing) return Promise.resolve(existing);
  return new Promise<T>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = new URL(file, scriptSrc || document.baseURI).href;
    script.async = true;
    // Carry a CSP nonce over so strict script-src policies with nonces still allow the chunk.
    const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
    if (nonce) script.nonce = nonce;
    script.onload = () => {
      const loaded = (globalThis as Record<string, unknown>)[global] as T | undefined;
      if (loaded) resolve(loaded);
      else reject(new Error(`${file} did not register`));
    };
    script.onerror = () => {
      script.remove();
      reject(new Error(`Could not load ${file}`));
    };
    document.head.append(script);
  });
}

export function loadChatRuntime(): Promise<ChatRuntime> {
  pending ??= loadScriptGlobal<ChatModule>("site-search-chat.js", CHAT_GLOBAL)
    .then((chat) =>
      assembleChatRuntime(chat, async () =>
        (await loadScriptGlobal<{ dompurifySanitizer: typeof dompurifySanitizer }>("site-search-purify.js", PURIFY_GLOBAL)).dompurifySanitizer(),
      ),
    )
    .catch((cause: unknown) => {
      pending = undefined; // Let a later click retry after a network blip.
      throw cause;
    });
  return pending;
}

// Entry of dist/site-search.js: registers the element and, from data-* on its own <script>, can mount a widget by itself.
import "./index.ts";

const MOUNT_ATTRIBUTES = ["site-id", "group-id", "endpoint", "mode", "placeholder", "limit", "min-score", "hotkey", "theme", "greeting", "suggested-questions"];

/** `<script src=".../site-search.js" data-site-id="…" data-mode="bubble">` mounts one element on <body>. */
function mountFromScript(script: HTMLOrSVGScriptElement | null): void {
  if (!(script instanceof HTMLScriptElement) || !script.dataset.siteId) return;
  const element = document.createElement("site-search");
  for (const name of MOUNT_ATTRIBUTES) {
    const value = script.getAttribute(`data-${name}`);
    if (value !== null) element.setAttribute(name, value);
  }
  if (!element.hasAttribute("mode")) element.setAttribute("mode", "bubble");
  if (script.hasAttribute("data-no-chat")) element.setAttribute("no-chat", "");
  const mount = () => document.body.append(element);
  if (document.body) mount();
  else document.addEventListener("DOMContentLoaded", mount, { once: true });
}

// currentScript is only available during this first synchronous run.
mountFromScript(document.currentScript);

// What an answer's HTML may keep once marked has rendered it, and the browser's own Sanitizer API applying that policy.
// Browsers without the API get the same policy from DOMPurify (dompurify-sanitizer.ts), loaded only for them.

/** Turns untrusted HTML into inert nodes: no scripts, handlers, frames, forms, media or styles survive. */
export type AnswerSanitizer = (html: string) => DocumentFragment;

/** Answers are prose, lists, tables and code; media and forms would only be an attack surface. */
export const FORBIDDEN_TAGS = ["style", "img", "svg", "math", "form", "input", "button", "textarea", "select", "iframe", "video", "audio"] as const;
/** Ids, names, parts and slots could collide with the widget's own shadow DOM; inline styles could restyle it. */
export const FORBIDDEN_ATTRIBUTES = ["style", "id", "name", "part", "slot"] as const;

const NAMESPACES: Partial<Record<string, string>> = { svg: "http://www.w3.org/2000/svg", math: "http://www.w3.org/1998/Math/MathML" };

interface NativeSanitizer {
  removeElement(element: string | { name: string; namespace: string }): void;
  removeAttribute(attribute: string): void;
  allowAttribute(attribute: string): void;
}
type SanitizerConstructor = new () => NativeSanitizer;
type SetHtml = (html: string, options: { sanitizer: NativeSanitizer }) => void;

/**
 * The HTML Sanitizer API (current Chromium and Firefox): setHTML starts from the browser's safe default allowlist and
 * always strips what can run script, whatever the configuration says. Undefined where the browser lacks it.
 */
export function nativeAnswerSanitizer(): AnswerSanitizer | undefined {
  const Sanitizer = (globalThis as { Sanitizer?: SanitizerConstructor }).Sanitizer;
  if (typeof Sanitizer !== "function" || typeof (Element.prototype as { setHTML?: unknown }).setHTML !== "function") return undefined;
  const sanitizer = new Sanitizer();
  for (const tag of FORBIDDEN_TAGS) {
    const namespace = NAMESPACES[tag];
    sanitizer.removeElement(namespace ? { name: tag, namespace } : tag);
  }
  for (const attribute of FORBIDDEN_ATTRIBUTES) sanitizer.removeAttribute(attribute);
  // Kept as DOMPurify keeps them: table column alignment and code block language classes.
  for (const attribute of ["align", "class"]) sanitizer.allowAttribute(attribute);
  return (html) => {
    const holder = document.createElement("div");
    (holder as unknown as { setHTML: SetHtml }).setHTML(html, { sanitizer });
    const fragment = document.createDocumentFragment();
    fragment.append(...holder.childNodes);
    return fragment;
  };
}

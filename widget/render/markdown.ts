// The one place answer markdown becomes DOM: marked → sanitiser (the browser's Sanitizer API, else DOMPurify) → safe
// links, citation links and code copy buttons.
import { Marked } from "marked";
import type { AnswerSanitizer } from "./answer-sanitizer.ts";

export interface CitationSource {
  url: string;
  title: string;
}

export interface MarkdownOptions {
  /** Sources in citation order: [1] links to sources[0]. */
  sources?: readonly CitationSource[];
  copyCodeLabel?: string;
}

const marked = new Marked({ gfm: true, breaks: false, async: false });
const SAFE_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

/** Resolves against the page; anything that is not http(s)/mailto (javascript:, data:, vbscript:) is refused. */
export function safeUrl(raw: string): URL | undefined {
  try {
    const url = new URL(raw, document.baseURI);
    return SAFE_PROTOCOLS.has(url.protocol) ? url : undefined;
  } catch {
    return undefined;
  }
}

function secureLink(anchor: HTMLAnchorElement, href: string): void {
  const url = safeUrl(href);
  if (!url) {
    anchor.removeAttribute("href");
    return;
  }
  anchor.setAttribute("href", url.href);
  if (url.origin !== location.origin) {
    // noopener stops the opened page from reaching window.opener; answers link to third-party pages.
    anchor.setAttribute("target", "_blank");
    anchor.setAttribute("rel", "noopener noreferrer nofollow");
  }
}

/**
 * Hosts an answer may link to: the page's own and its sources' (pages of the site's index). The server already
 * turned other links into text; this is the second line, for a stale server or a bypassed one.
 */
function ownHosts(sources: readonly CitationSource[]): Set<string> {
  const hosts = new Set([location.hostname.replace(/^www\./, "")]);
  for (const source of sources) {
    const url = safeUrl(source.url);
    if (url && url.protocol !== "mailto:") hosts.add(url.hostname.replace(/^www\./, ""));
  }
  return hosts;
}

/** An off-site link is shown as its text: a prompt-injected page must not give visitors a phishing link. */
function keepOwnLink(anchor: HTMLAnchorElement, hosts: Set<string>): void {
  const url = safeUrl(anchor.getAttribute("href") ?? "");
  if (url && url.protocol !== "mailto:" && hosts.has(url.hostname.replace(/^www\./, ""))) secureLink(anchor, url.href);
  else anchor.replaceWith(...anchor.childNodes);
}

const CITATION = /\[(\d{1,3})\]/g;

/** Turns "[2]" in text into a link to the second source; text inside code, pre and links is left alone. */
function linkCitations(root: DocumentFragment, sources: readonly CitationSource[]): void {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (node.parentElement?.closest("code, pre, a") ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
  for (const text of texts) {
    const value = text.data;
    if (!value.includes("[")) continue;
    const parts = document.createDocumentFragment();
    let cursor = 0;
    for (const match of value.matchAll(CITATION)) {
      const source = sources[Number(match[1]) - 1];
      const url = source && safeUrl(source.url);
      if (!source || !url) continue;
      parts.append(value.slice(cursor, match.index));
      const link = document.createElement("a");
      link.setAttribute("part", "citation");
      link.textContent = `[${match[1]}]`;
      link.title = source.title;
      secureLink(link, url.href);
      parts.append(link);
      cursor = match.index + match[0].length;
    }
    if (cursor === 0) continue;
    parts.append(value.slice(cursor));
    text.replaceWith(parts);
  }
}

function addCopyButtons(root: DocumentFragment, label: string): void {
  for (const pre of root.querySelectorAll("pre")) {
    const button = document.createElement("button");
    button.type = "button";
    button.setAttribute("part", "code-copy");
    button.dataset.copy = "code";
    button.textContent = label;
    pre.append(button);
  }
}

export type RenderMarkdown = (markdown: string, options?: MarkdownOptions) => DocumentFragment;

/** Renders untrusted markdown to a sanitised fragment; the caller inserts the nodes (Lit renders fragments). */
export function markdownRenderer(sanitize: AnswerSanitizer): RenderMarkdown {
  return (markdown, options = {}) => {
    const fragment = sanitize(marked.parse(markdown) as string);
    // Whatever the sanitiser let through, every link ends up http(s) to the site's own hosts with safe target and
    // rel, or plain text.
    const hosts = ownHosts(options.sources ?? []);
    for (const anchor of fragment.querySelectorAll<HTMLAnchorElement>("a[href]")) keepOwnLink(anchor, hosts);
    return decorate(fragment, options);
  };
}

function decorate(fragment: DocumentFragment, options: MarkdownOptions): DocumentFragment {
  linkCitations(fragment, options.sources ?? []);
  addCopyButtons(fragment, options.copyCodeLabel ?? "Copy code");
  return fragment;
}

// Cleans an HTML page for indexing: metadata and links from the original document, then the main content as
// heading and text blocks, without navigation, headers, footers, sidebars, scripts, forms or hidden elements.
import { parseHTML } from "linkedom";
import { Readability } from "@mozilla/readability";
import type { ContentBlock } from "./content-block.ts";
import { readHtmlMetadata, type HtmlMetadata } from "./html-metadata.ts";
import { extractLinks } from "./html-links.ts";
import { stampHeadings } from "./heading-anchors.ts";
import { removeChrome } from "./page-chrome.ts";
import { blocksLength, htmlBlocks } from "./html-blocks.ts";
import { plainTextBlocks } from "./plain-text.ts";

export interface CleanedPage extends HtmlMetadata {
  /** Absolute http(s) links of the original page (menus included), without fragments: what the crawler follows. */
  links: string[];
  blocks: ContentBlock[];
}

/** Below this many characters a cleaning pass is taken to have thrown the content away with the chrome. */
const MIN_CONTENT_CHARS = 250;
/** Readability's pick must keep this share of the fallback's text, or it is taken to have chosen one section only. */
const MIN_READABILITY_SHARE = 0.5;
/**
 * Readability walks the tree many times and its cost grows faster than the page (300 ms for httpd's 6,900-element
 * quick reference). Past this many elements left after chrome removal the fallback is used alone. Readability's own
 * maxElemsToParse cannot do this: it counts with getElementsByTagName("*"), which linkedom answers with 0.
 */
const MAX_READABILITY_ELEMENTS = 3000;

function parseDocument(html: string): Document {
  // linkedom leaves documentElement null for fragments, so anything that is not a whole document gets wrapped.
  const whole = /<html[\s>]/i.test(html) ? (parseHTML(html).document as unknown as Document) : null;
  if (whole?.documentElement) return whole;
  return parseHTML(`<!DOCTYPE html><html><head></head><body>${html}</body></html>`).document as unknown as Document;
}

/** Counts by walking, stopping early: selector queries like "body *" cost time proportional to depth on deep trees. */
function hasMoreElements(root: Element, max: number): boolean {
  let count = 0;
  const stack: Element[] = [root];
  while (stack.length > 0) {
    for (let child = stack.pop()!.firstElementChild; child; child = child.nextElementSibling) {
      if (++count > max) return true;
      stack.push(child);
    }
  }
  return false;
}

function readabilityBlocks(doc: Document): ContentBlock[] | null {
  try {
    if (!doc.body || hasMoreElements(doc.body, MAX_READABILITY_ELEMENTS)) return null;
    const article = new Readability<Element>(doc, {
      serializer: (node) => node as Element,
      // Below its threshold Readability re-parses and retries up to three times; our fallback makes that unnecessary.
      charThreshold: 100,
      disableJSONLD: true,
    }).parse();
    return article?.content ? htmlBlocks(article.content) : null;
  } catch {
    // Readability's failures are not ours to report: the fallback is already computed.
    return null;
  }
}

/** One cleaning pass over a fresh document; it removes chrome in place, so each pass needs its own parse. */
function contentBlocks(doc: Document, linkLists: boolean): ContentBlock[] {
  stampHeadings(doc);
  const body = doc.body ?? doc.documentElement;
  if (!body) return [];
  removeChrome(body, { linkLists });
  const articles = body.querySelectorAll("article");
  const marked = body.querySelector("main, [role=main]") ?? (articles.length === 1 ? articles[0]! : null);
  const fallback = htmlBlocks(marked ?? body);
  const readable = readabilityBlocks(doc);
  if (!readable || blocksLength(readable) < blocksLength(fallback) * MIN_READABILITY_SHARE) return fallback;
  // Readability drops the h1 that repeats the title; put it back so heading paths and anchors do not depend on that guess.
  const h1 = fallback.find((b) => b.kind === "heading" && b.level === 1);
  return h1 && !readable.some((b) => b.kind === "heading" && b.level === 1) ? [h1, ...readable] : readable;
}

function clean(html: string, url: string): CleanedPage {
  const doc = parseDocument(html);
  const metadata = readHtmlMetadata(doc, url);
  const links = extractLinks(doc, url);
  let blocks = contentBlocks(doc, true);
  if (blocksLength(blocks) < MIN_CONTENT_CHARS) {
    // Index pages are lists of links: dropping link-heavy blocks left nothing, so keep them this time.
    const relaxed = contentBlocks(parseDocument(html), false);
    if (blocksLength(relaxed) > blocksLength(blocks)) blocks = relaxed;
  }
  return { ...metadata, links, blocks };
}

/** Last resort when the DOM route fails: tags stripped by pattern, entities left as they are. */
function strippedText(html: string): ContentBlock[] {
  const text = html
    .replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<\/(p|div|li|tr|h[1-6]|section|article|pre|table|ul|ol)\s*>/gi, "\n\n")
    .replace(/<[^>]*>/g, " ");
  return plainTextBlocks(text);
}

/** Never throws: garbage in gives empty metadata and whatever text could be recovered. */
export function cleanHtml(html: string, url: string): CleanedPage {
  try {
    return clean(html, url);
  } catch {
    const empty = { title: "", description: "", language: null, keywords: [], canonicalUrl: null, robots: { noindex: false, nofollow: false } };
    try {
      return { ...empty, links: [], blocks: strippedText(html) };
    } catch {
      return { ...empty, links: [], blocks: [] };
    }
  }
}

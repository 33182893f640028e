// Removes what is not page content before the main text is picked: scripts and forms, hidden elements, landmarks
// (nav, header, footer, aside), elements named like menus or cookie banners, and blocks that are mostly links.
import { ANCHOR_ATTR, HEADINGS } from "./heading-anchors.ts";

const NEVER_CONTENT = "script, style, noscript, template, iframe, object, embed, svg, canvas, button, input, select, textarea, dialog, link, meta";
const LANDMARKS =
  "nav, aside, footer, [role=navigation], [role=banner], [role=contentinfo], [role=complementary], [role=search], [role=menu], [role=menubar], [role=toolbar], [role=dialog], [role=alertdialog]";
const HIDDEN_STYLE = /display\s*:\s*none|visibility\s*:\s*hidden/i;

// Whole tokens of class and id values. "language" alone is missing on purpose: `<code class="language-js">` is content.
const CHROME_TOKENS = new Set([
  "nav",
  "navbar",
  "navigation",
  "navmenu",
  "sidenav",
  "menu",
  "menubar",
  "breadcrumb",
  "breadcrumbs",
  "crumbs",
  "sidebar",
  "footer",
  "masthead",
  "toc",
  "cookie",
  "cookies",
  "consent",
  "gdpr",
  "skip",
  "share",
  "sharing",
  "social",
  "toplang",
  "bottomlang",
  "langs",
  "languages",
  "comments",
  "disqus",
  "pagination",
  "pager",
  "advert",
  "ads",
  "sponsor",
  "newsletter",
  "popup",
  "modal",
]);
// "header" names page chrome only next to one of these; `section-header` wraps a real heading.
const PAGE_HEADER_QUALIFIERS = new Set(["page", "site", "global", "top", "main", "masthead"]);
const COMMENT_TOKENS = new Set(["comments", "comment", "disqus"]);

const tokens = (el: Element): string[] =>
  `${el.getAttribute("class") ?? ""} ${el.getAttribute("id") ?? ""}`
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

function looksLikeChrome(el: Element): boolean {
  // Ids on anchors and headings name content sections ("Cookies", "Navigation"), not page furniture.
  if (el.localName === "a" || el.closest(HEADINGS)) return false;
  const words = tokens(el);
  if (words.some((w) => CHROME_TOKENS.has(w))) return true;
  return (words.includes("header") && words.some((w) => PAGE_HEADER_QUALIFIERS.has(w))) || el.getAttribute("id") === "header";
}

const visibleLength = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, "").length;

function removeAll(root: Element, selector: string, keep: (el: Element) => boolean = () => false): void {
  for (const el of root.querySelectorAll(selector)) if (el.isConnected && !keep(el)) el.remove();
}

/** Whether a removal would take the page with it: layout wrappers often carry modifier classes like `has-sidebar`. */
const holdsContent = (el: Element, totalLength: number) =>
  el.querySelector("main, article, h1, [role=main]") !== null || visibleLength(el.textContent) > totalLength * 0.5;

/** A comments section is opened by a heading named like one (httpd: `<h2><a id="comments_section">Comments</a></h2>`). */
function removeCommentSections(root: Element): void {
  for (const heading of root.querySelectorAll(HEADINGS)) {
    const anchorWords = (heading.getAttribute(ANCHOR_ATTR) ?? "").toLowerCase().split(/[^a-z0-9]+/);
    if (!heading.isConnected || !anchorWords.some((w) => COMMENT_TOKENS.has(w))) continue;
    const container = heading.parentElement;
    if (container && container !== root && container.firstElementChild === heading && /^(div|section)$/.test(container.localName)) container.remove();
    else heading.remove();
  }
}

interface LinkStats {
  text: number;
  linkText: number;
  links: number;
  headings: number;
}
const LINK_LIST_CANDIDATES = new Set(["div", "p", "ul", "ol", "dl", "table", "section", "center"]);
// Menu bars, breadcrumbs and language bars are paragraphs or divs; the lists and tables of an index page are its content.
const LINK_BAR_CANDIDATES = new Set(["div", "p", "center"]);
const MAX_DEPTH = 400;

/**
 * Marks blocks whose visible text is mostly link text (menus, language bars, breadcrumbs, tables of contents,
 * "see also" lists) in one bottom-up pass, so each element's text is counted once however deep the page nests.
 */
function collectLinkLists(el: Element, candidates: Set<string>, marked: Element[], depth: number): LinkStats {
  if (depth > MAX_DEPTH) return { text: visibleLength(el.textContent), linkText: 0, links: 0, headings: 0 };
  const stats: LinkStats = { text: 0, linkText: 0, links: 0, headings: /^h[1-6]$/.test(el.localName) ? 1 : 0 };
  for (let node = el.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 3) stats.text += visibleLength((node as Text).data);
    else if (node.nodeType === 1) {
      const child = collectLinkLists(node as Element, candidates, marked, depth + 1);
      stats.text += child.text;
      stats.linkText += child.linkText;
      stats.links += child.links;
      stats.headings += child.headings;
    }
  }
  if (el.localName === "a" && el.hasAttribute("href")) {
    stats.links += 1;
    stats.linkText = stats.text;
  } else if (candidates.has(el.localName) && stats.headings === 0 && stats.links > 0 && stats.text > 0 && stats.linkText >= stats.text * 0.7) {
    // A block with a heading is a section whose content happens to be links; its link lists go, the heading stays.
    marked.push(el);
    return { text: 0, linkText: 0, links: 0, headings: 0 };
  }
  return stats;
}

/**
 * Strips chrome from `root` in place. `linkLists` also removes link-dominated lists and tables: right for articles,
 * wrong for index pages whose content is a list of links, so the caller retries without it when little is left.
 */
export function removeChrome(root: Element, opts: { linkLists: boolean }): void {
  removeAll(root, NEVER_CONTENT);
  removeAll(root, "form", (form) => form.querySelector("main, article, h1, h2") !== null);
  removeAll(root, "[hidden], [aria-hidden=true]");
  for (const el of root.querySelectorAll("[style]")) if (el.isConnected && HIDDEN_STYLE.test(el.getAttribute("style") ?? "")) el.remove();
  removeCommentSections(root);
  const total = visibleLength(root.textContent);
  removeAll(root, LANDMARKS, (el) => holdsContent(el, total));
  removeAll(root, "header", (el) => el.closest("article, main, [role=main]") !== null || holdsContent(el, total));
  removeAll(root, "[class], [id]", (el) => el === root || !looksLikeChrome(el) || holdsContent(el, total));
  const marked: Element[] = [];
  collectLinkLists(root, opts.linkLists ? LINK_LIST_CANDIDATES : LINK_BAR_CANDIDATES, marked, 0);
  for (const el of marked) if (el !== root) el.remove();
}

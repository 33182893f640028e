// Reads what a page says about itself in its <head>: title, description, language, keywords, canonical URL, robots.
import { absoluteHttpUrl, documentBase } from "./html-links.ts";

export interface HtmlMetadata {
  title: string;
  description: string;
  language: string | null;
  keywords: string[];
  canonicalUrl: string | null;
  robots: { noindex: boolean; nofollow: boolean };
}

export const collapseSpace = (s: string) => s.replace(/\s+/g, " ").trim();

/** <meta> values keyed by lower-cased name, property or http-equiv; the first occurrence wins. */
function metaValues(doc: Document): Map<string, string> {
  const values = new Map<string, string>();
  for (const meta of doc.querySelectorAll("meta[content]")) {
    const key = (meta.getAttribute("name") ?? meta.getAttribute("property") ?? meta.getAttribute("http-equiv") ?? "").trim().toLowerCase();
    const content = collapseSpace(meta.getAttribute("content") ?? "");
    if (key && content && !values.has(key)) values.set(key, content);
  }
  return values;
}

export function readHtmlMetadata(doc: Document, pageUrl: string): HtmlMetadata {
  const meta = metaValues(doc);
  const title =
    collapseSpace(doc.querySelector("title")?.textContent ?? "") ||
    meta.get("og:title") ||
    meta.get("twitter:title") ||
    collapseSpace(doc.querySelector("h1")?.textContent ?? "");
  const html = doc.documentElement;
  const language = (html?.getAttribute("lang") || html?.getAttribute("xml:lang") || meta.get("content-language") || meta.get("og:locale") || "").trim();
  const keywords = [
    ...new Set(
      (meta.get("keywords") ?? "")
        .split(/[,;]/)
        .map((k) => collapseSpace(k).slice(0, 100))
        .filter(Boolean),
    ),
  ].slice(0, 30);
  const canonicalHref = [...doc.querySelectorAll("link[rel][href]")]
    .find((l) => /(^|\s)canonical(\s|$)/i.test(l.getAttribute("rel") ?? ""))
    ?.getAttribute("href");
  const robots = (meta.get("robots") ?? "").toLowerCase();
  return {
    title,
    description: meta.get("description") || meta.get("og:description") || meta.get("twitter:description") || "",
    language: language ? language.replace("_", "-").split(",")[0]!.trim() || null : null,
    keywords,
    canonicalUrl: canonicalHref ? absoluteHttpUrl(canonicalHref, documentBase(doc, pageUrl)) : null,
    robots: { noindex: /\b(noindex|none)\b/.test(robots), nofollow: /\b(nofollow|none)\b/.test(robots) },
  };
}

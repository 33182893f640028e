// Collects the outgoing links of an HTML page for the crawler: absolute http(s) URLs without fragments.

/** The URL relative links resolve against: `<base href>` (itself relative to the page) or the page URL. */
export function documentBase(doc: Document, pageUrl: string): string {
  const href = doc.querySelector("base[href]")?.getAttribute("href")?.trim();
  if (href) {
    try {
      return new URL(href, pageUrl).href;
    } catch {
      // An unparsable <base> is ignored, as browsers do.
    }
  }
  return pageUrl;
}

/** Resolves one href; null for anything a crawler cannot fetch (mailto:, javascript:, malformed). */
export function absoluteHttpUrl(href: string, base: string): string | null {
  try {
    const url = new URL(href.trim(), base);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    url.hash = "";
    return url.href;
  } catch {
    return null;
  }
}

/** Unique links in document order. Must run on the original document: cleaning removes the menus that link the site together. */
export function extractLinks(doc: Document, pageUrl: string): string[] {
  const base = documentBase(doc, pageUrl);
  const links = new Set<string>();
  for (const a of doc.querySelectorAll("a[href], area[href]")) {
    const url = absoluteHttpUrl(a.getAttribute("href") ?? "", base);
    if (url) links.add(url);
  }
  return [...links];
}

// Reads <lastmod> of sitemap <url> entries (W3C datetime: a date, or a date and time with a zone), so an
// incremental crawl can leave alone the pages that have not changed since it last fetched them.
export function parseLastmods(text: string): Map<string, Date> {
  const found = new Map<string, Date>();
  for (const entry of text.matchAll(/<url(?:\s[^>]*)?>([\s\S]*?)<\/url\s*>/gi)) {
    const loc = /<loc(?:\s[^>]*)?>\s*(?:<!\[CDATA\[)?\s*([^<\s\]]+)/i.exec(entry[1]!)?.[1];
    const lastmod = /<lastmod(?:\s[^>]*)?>\s*([^<\s]+)\s*<\/lastmod/i.exec(entry[1]!)?.[1];
    if (!loc || !lastmod) continue;
    const date = new Date(lastmod);
    if (!Number.isNaN(date.getTime())) found.set(loc.replace(/&amp;/g, "&"), date);
  }
  return found;
}

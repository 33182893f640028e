// Reads sitemaps (sitemaps.org XML, sitemap indexes, plain-text lists) into page addresses, following nested
// indexes with bounds on depth, file count and URL count so a hostile or broken site cannot make it loop.
import type { FetchText } from "./robots-policy.ts";
import { parseLastmods } from "./sitemap-lastmod.ts";

export interface ParsedSitemap {
  /** Page addresses (a <urlset> or a plain-text sitemap). */
  urls: string[];
  /** Child sitemap addresses (a <sitemapindex>). */
  sitemaps: string[];
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeXmlText(raw: string): string {
  const cdata = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/.exec(raw);
  if (cdata) return cdata[1]!.trim();
  return raw
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
      if (name[0] === "#") {
        const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .trim();
}

const isHttpUrl = (text: string) => /^https?:\/\/\S+$/i.test(text);

/**
 * Only unprefixed <loc> elements count: <image:loc>, <video:content_loc> and xhtml:link alternates name other
 * things. A default-namespace prefix (<sm:loc> with xmlns:sm for the sitemap schema) is rare enough to ignore.
 */
export function parseSitemap(text: string): ParsedSitemap {
  const body = text.replace(/^\uFEFF/, "").replace(/<!--[\s\S]*?-->/g, "");
  if (!/<\s*(urlset|sitemapindex)\b/i.test(body)) {
    // sitemaps.org allows a plain text file with one URL per line.
    if (/^\s*</.test(body)) return { urls: [], sitemaps: [] };
    return { urls: body.split(/\r?\n/).map((line) => line.trim()).filter(isHttpUrl), sitemaps: [] };
  }
  const locs: string[] = [];
  for (const match of body.matchAll(/<loc(?:\s[^>]*)?>([\s\S]*?)<\/loc\s*>/gi)) {
    const loc = decodeXmlText(match[1]!);
    if (isHttpUrl(loc)) locs.push(loc);
  }
  return /<\s*sitemapindex\b/i.test(body) ? { urls: [], sitemaps: locs } : { urls: locs, sitemaps: [] };
}

export interface CollectSitemapInput {
  /** Sitemaps to start from: robots.txt's Sitemap lines, else `${origin}/sitemap.xml`. */
  roots: readonly string[];
  fetchText: FetchText;
  /** How many index levels below the roots are followed (0 = roots only). */
  maxDepth?: number;
  maxSitemaps?: number;
  maxUrls?: number;
  signal?: AbortSignal;
}

export interface CollectedSitemaps {
  urls: string[];
  /** <lastmod> of the entries that give one (incremental crawls skip pages unchanged since they were fetched). */
  lastmod: Map<string, Date>;
  /** Sitemaps that could not be fetched or read, with why; a missing sitemap is normal, not a crawl error. */
  failures: Array<{ url: string; reason: string }>;
}

/** Breadth-first over sitemap indexes; each sitemap is fetched once; URLs deduplicated in first-seen order. */
export async function collectSitemapUrls(input: CollectSitemapInput): Promise<CollectedSitemaps> {
  const maxDepth = input.maxDepth ?? 2;
  const maxSitemaps = input.maxSitemaps ?? 50;
  const maxUrls = input.maxUrls ?? 50_000;
  const urls = new Set<string>();
  const failures: CollectedSitemaps["failures"] = [];
  const lastmod = new Map<string, Date>();
  const visited = new Set<string>();
  let level = input.roots.map((url) => ({ url, depth: 0 }));
  while (level.length > 0 && urls.size < maxUrls) {
    const next: typeof level = [];
    for (const { url, depth } of level) {
      if (visited.has(url) || visited.size >= maxSitemaps || urls.size >= maxUrls) continue;
      visited.add(url);
      input.signal?.throwIfAborted();
      let parsed: ParsedSitemap;
      try {
        const response = await input.fetchText(url, input.signal);
        if (response.status < 200 || response.status >= 300) {
          failures.push({ url, reason: `HTTP ${response.status}` });
          continue;
        }
        parsed = parseSitemap(response.body);
        for (const [url, date] of parseLastmods(response.body)) lastmod.set(url, date);
      } catch (error) {
        input.signal?.throwIfAborted();
        failures.push({ url, reason: (error as Error).message });
        continue;
      }
      for (const page of parsed.urls) {
        if (urls.size >= maxUrls) break;
        urls.add(page);
      }
      if (depth < maxDepth) for (const child of parsed.sitemaps) next.push({ url: child, depth: depth + 1 });
    }
    level = next;
  }
  return { urls: [...urls], lastmod, failures };
}

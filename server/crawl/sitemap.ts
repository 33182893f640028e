// Reads sitemaps (sitemaps.org XML, sitemap indexes, plain-text lists) into page addresses, following nested
// indexes with bounds on depth, file count and URL count so a hostile or broken site cannot make it loop.
// Runs in the crawl worker (background), never on an API request.
import { SaxesParser } from "saxes";
import type { FetchText } from "./robots-policy.ts";
import { parseLastmods } from "./sitemap-lastmod.ts";

export interface ParsedSitemap {
  /** Page addresses (a <urlset> or a plain-text sitemap). */
  urls: string[];
  /** Child sitemap addresses (a <sitemapindex>). */
  sitemaps: string[];
}

const isHttpUrl = (text: string) => /^https?:\/\/\S+$/i.test(text);

/** Longer than any address worth crawling; text beyond it is not kept, so one huge <loc> costs no memory. */
const MAX_LOC_LENGTH = 4096;
/** Sitemaps in the wild have small mistakes (a bare `&`); after this many the file is not a sitemap worth reading. */
const MAX_XML_ERRORS = 100;

/** A sitemap nests four or five elements deep (urlset, url, image:image, image:loc); deeper is not a sitemap. */
const MAX_DEPTH = 32;

class TooBroken extends Error {}

const BARE_AMPERSAND = /&(?!(?:[A-Za-z][\w.-]{0,31}|#\d{1,8}|#x[\dA-Fa-f]{1,8});)/g;

/**
 * A bare `&` in a URL is the commonest sitemap mistake; left alone, the parser would read everything up to the next
 * `;` as an entity name. Escaping it keeps such sitemaps readable. CDATA sections are copied as they are; the scan
 * uses indexOf, one linear pass even when sections are left open.
 */
function escapeBareAmpersands(body: string): string {
  let out = "";
  let at = 0;
  while (at < body.length) {
    const open = body.indexOf("<![CDATA[", at);
    if (open === -1) return out + body.slice(at).replace(BARE_AMPERSAND, "&amp;");
    const close = body.indexOf("]]>", open);
    const end = close === -1 ? body.length : close + 3;
    out += body.slice(at, open).replace(BARE_AMPERSAND, "&amp;") + body.slice(open, end);
    at = end;
  }
  return out;
}

/**
 * Reads the <loc> entries of a <urlset> or <sitemapindex> with a streaming XML parser (saxes): one pass, linear
 * in the input, whatever tags are left unclosed; entities and CDATA are decoded by the parser; a DTD is never
 * expanded. Only unprefixed <loc> elements count: <image:loc>, <video:content_loc> and xhtml:link alternates
 * name other things. A default-namespace prefix (<sm:loc> with xmlns:sm for the sitemap schema) is rare enough
 * to ignore.
 */
function parseXmlSitemap(body: string): ParsedSitemap {
  const parser = new SaxesParser({ position: false });
  const locs: string[] = [];
  let root: string | null = null;
  let depth = 0;
  let depthInLoc = 0;
  let text = "";
  let errors = 0;
  const keep = (chunk: string) => {
    if (depthInLoc === 1 && text.length < MAX_LOC_LENGTH) text += chunk.slice(0, MAX_LOC_LENGTH - text.length);
  };
  parser.on("opentag", (tag) => {
    root ??= tag.name;
    // Unclosed tags nest ever deeper; stopping here keeps a hostile file from costing more than a real one.
    if (++depth > MAX_DEPTH) throw new TooBroken();
    if (depthInLoc > 0) depthInLoc++;
    else if (tag.name === "loc") {
      depthInLoc = 1;
      text = "";
    }
  });
  parser.on("closetag", () => {
    depth--;
    if (depthInLoc === 0) return;
    if (--depthInLoc === 0) {
      const loc = text.trim();
      if (isHttpUrl(loc)) locs.push(loc);
    }
  });
  parser.on("text", keep);
  parser.on("cdata", keep);
  parser.on("error", () => {
    if (++errors > MAX_XML_ERRORS) throw new TooBroken();
  });
  try {
    parser.write(escapeBareAmpersands(body)).close();
  } catch (error) {
    if (!(error instanceof TooBroken)) throw error;
  }
  if (root === "sitemapindex") return { urls: [], sitemaps: locs };
  return root === "urlset" ? { urls: locs, sitemaps: [] } : { urls: [], sitemaps: [] };
}

export function parseSitemap(text: string): ParsedSitemap {
  const body = text.replace(/^\uFEFF/, "");
  // sitemaps.org allows a plain text file with one URL per line.
  if (!/^\s*</.test(body))
    return {
      urls: body
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(isHttpUrl),
      sitemaps: [],
    };
  return parseXmlSitemap(body);
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

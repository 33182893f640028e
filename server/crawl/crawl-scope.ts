// Decides whether an address belongs to a site's crawl: same host, under the base path, and allowed by the
// site's include/exclude patterns (the URL pattern language of server/patterns/url-pattern.ts).
import { compileUrlPattern } from "../patterns/url-pattern.ts";

export type ScopeReason = "invalid-url" | "other-host" | "outside-base-path" | "excluded-pattern" | "not-included";

export interface CrawlScope {
  inScope(url: string): boolean;
  /** Why an address is out of scope, or null when it is in scope. */
  reason(url: string): ScopeReason | null;
}

export interface CrawlScopeInput {
  baseUrl: string;
  includePatterns?: readonly string[];
  excludePatterns?: readonly string[];
  /** Only the base URL's scheme is in scope (set when the site has credentials: http and https are then two sites). */
  sameScheme?: boolean;
}

/** `www.example.com` and `example.com` are one site: sites link both spellings and usually redirect one to the other. */
const siteHost = (url: URL) => `${url.hostname.replace(/^www\./, "")}:${url.port}`;

/**
 * The base path is the directory of the base URL when its last segment looks like a file (has a dot, e.g.
 * `/guide/index.html` → `/guide/`); otherwise the path itself is a directory, with or without its trailing slash
 * (`/docs` covers `/docs`, `/docs/` and `/docs/…`, never `/docsearch`).
 */
export function basePathOf(baseUrl: URL): string {
  const path = baseUrl.pathname;
  const last = path.slice(path.lastIndexOf("/") + 1);
  if (last.includes(".")) return path.slice(0, path.lastIndexOf("/") + 1);
  return path.endsWith("/") ? path : `${path}/`;
}

function underBase(path: string, base: string): boolean {
  return path.startsWith(base) || path === base.slice(0, -1);
}

export function createCrawlScope(input: CrawlScopeInput): CrawlScope {
  const base = new URL(input.baseUrl);
  const host = siteHost(base);
  const basePath = basePathOf(base);
  const includes = (input.includePatterns ?? []).map(compileUrlPattern);
  const excludes = (input.excludePatterns ?? []).map(compileUrlPattern);

  function reason(url: string): ScopeReason | null {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return "invalid-url";
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return "invalid-url";
    if (siteHost(parsed) !== host) return "other-host";
    if (input.sameScheme && parsed.protocol !== base.protocol) return "other-host";
    if (!underBase(parsed.pathname, basePath)) return "outside-base-path";
    // Exclude wins over include, so a broad include cannot re-admit what the owner excluded.
    if (excludes.some((pattern) => pattern.test(parsed.href))) return "excluded-pattern";
    if (includes.length > 0 && !includes.some((pattern) => pattern.test(parsed.href))) return "not-included";
    return null;
  }

  return { reason, inScope: (url) => reason(url) === null };
}

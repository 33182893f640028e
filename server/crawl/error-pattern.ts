// Reading a crawl's failures in bulk: the kind of each recorded reason, and the folder most dead links share (a
// site that links a whole tree that is gone, e.g. an old translation, fails hundreds of times the same way).
import { basePathOf } from "./crawl-scope.ts";

/** The kind of a recorded reason: its status or cause before any detail ("HTTP 404", "timeout"); the store groups alike. */
export const errorKind = (detail: string | null): string => (detail ?? "unknown error").split(":")[0]!.trim();

/** Kinds that mean the page is not there: the site links to addresses that do not exist. */
export const isMissingKind = (kind: string): boolean => /^HTTP (404|410)$/.test(kind);

/** A folder shared by errors is worth naming only when there are this many of them. */
const LEAST_ERRORS = 10;

/** A deeper folder is preferred while it keeps this share of the links its best-filled ancestor holds. */
const KEEP = 0.8;

/**
 * The folder below the site's base path that most of the addresses share: among folders holding at least `least`
 * of them and nearly as many as the best-filled folder, the deepest (so the exclude pattern it suggests takes no
 * working pages with it); null when none does (the errors are spread out, or share only the base itself).
 */
export function commonFolder(urls: readonly string[], baseUrl: string, least: number): { prefix: string; count: number } | null {
  if (urls.length < Math.max(least, LEAST_ERRORS)) return null;
  const basePath = basePathOf(new URL(baseUrl));
  const counts = new Map<string, number>();
  for (const url of urls) {
    const parsed = URL.parse(url);
    if (!parsed) continue;
    const path = parsed.pathname;
    for (let at = path.indexOf("/", basePath.length); at > 0; at = path.indexOf("/", at + 1)) {
      const folder = `${parsed.origin}${path.slice(0, at + 1)}`;
      counts.set(folder, (counts.get(folder) ?? 0) + 1);
    }
  }
  const most = Math.max(0, ...counts.values());
  const floor = Math.max(least, most * KEEP);
  let best: { prefix: string; count: number } | null = null;
  for (const [prefix, count] of counts) {
    if (count < floor) continue;
    if (!best || prefix.length > best.prefix.length || (prefix.length === best.prefix.length && count > best.count)) best = { prefix, count };
  }
  return best;
}

/** The crawl exclude pattern (a path glob, anchored at the root) that covers a folder. */
export const excludeFor = (prefix: string): string => `${new URL(prefix).pathname}**`;

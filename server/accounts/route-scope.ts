// Which action (scope) each authenticated route needs, decided in one table so no route can forget it.
// A route not listed here needs "admin": new routes are closed to narrow keys until someone says otherwise.
import type { KeyAction } from "../../shared/keys.ts";

export interface RouteScope {
  /** Null: any key may call it (reads of site settings); the site restriction still applies. */
  action: KeyAction | null;
  /** Where the route names its site, if it does. */
  site: { from: "path"; id: string } | { from: "job"; id: string } | { from: "query" } | null;
  /** The route reads or changes every site of the organisation at once. */
  orgWide: boolean;
}

type Rule = [methods: string | null, pattern: RegExp, action: KeyAction | null, site: "path" | "job" | "query" | null, orgWide: boolean];

// Paths as seen under /api; /organisations/{orgId}/ai-search/sites/… is mapped onto /api/sites/… first.
const RULES: Rule[] = [
  ["GET", /^\/api\/sites\/?$/, null, null, false],
  [null, /^\/api\/sites\/?$/, "admin", null, false],
  ["GET", /^\/api\/sites\/([^/]+)\/?$/, null, "path", false],
  ["GET", /^\/api\/sites\/([^/]+)\/refused-origins\/?$/, null, "path", false],
  [null, /^\/api\/sites\/([^/]+)\/?$/, "admin", "path", false],
  [null, /^\/api\/sites\/([^/]+)\/(pages|page|purge)\/?$/, "ingest", "path", false],
  [null, /^\/api\/sites\/([^/]+)\/(crawl|jobs)\/?$/, "crawl", "path", false],
  [null, /^\/api\/sites\/([^/]+)\/search\/?$/, "search", "path", false],
  [null, /^\/api\/sites\/([^/]+)\/(usage|top-queries|no-result-queries|feedback|unanswered-questions)\/?$/, "analytics", "path", false],
  [null, /^\/api\/jobs\/([^/]+)(\/errors)?\/?$/, "crawl", "job", false],
  [null, /^\/api\/analytics\/?$/, "analytics", "query", false],
  [null, /^\/api\/usage\/?$/, "analytics", null, true],
  [null, /^\/api\/groups(\/.*)?$/, "admin", null, true],
  [null, /^\/api\/keys(\/.*)?$/, "admin", null, false],
];

/** A malformed escape (`%`, `%ZZ`) names no site; kept raw, the scope check and then the route refuse it cleanly. */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function routeScope(method: string, pathname: string): RouteScope {
  const path = pathname.replace(/^\/organisations\/[^/]+\/ai-search(?=\/sites)/, "/api");
  for (const [methods, pattern, action, site, orgWide] of RULES) {
    if (methods !== null && methods !== method) continue;
    const match = pattern.exec(path);
    if (!match) continue;
    const id = decodedSegment(match[1] ?? "");
    return {
      action,
      site: site === "path" ? { from: "path", id } : site === "job" ? { from: "job", id } : site === "query" ? { from: "query" } : null,
      orgWide,
    };
  }
  return { action: "admin", site: null, orgWide: true };
}

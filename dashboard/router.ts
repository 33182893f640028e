// A small history router: each screen is a URL under /dashboard, links are plain <a href>, and
// navigate() changes the URL without a reload; the app re-renders on the "dashboard-route" event.
export const BASE = "/dashboard";

export interface Route {
  name: string;
  params: Record<string, string>;
  query: URLSearchParams;
}

const PATTERNS: Array<[string, RegExp]> = [
  ["setup", /^\/setup$/],
  ["invite", /^\/invite$/],
  ["login", /^\/login$/],
  ["site-new", /^\/sites\/new$/],
  ["site", /^\/sites\/([^/]+)$/],
  ["site-settings", /^\/sites\/[^/]+\/settings$/],
  ["site-pages", /^\/sites\/[^/]+\/pages$/],
  ["site-page-view", /^\/sites\/[^/]+\/pages\/view$/],
  ["sites", /^\/(sites)?$/],
  ["keys", /^\/keys$/],
  ["playground", /^\/playground$/],
  ["analytics", /^\/analytics$/],
  ["groups", /^\/groups$/],
  ["account", /^\/account$/],
  ["docs", /^\/docs$/],
  ["webhooks", /^\/webhooks$/],
  ["site-errors", /^\/sites\/[^/]+\/errors$/],
];

export function currentRoute(): Route {
  const path = location.pathname.startsWith(BASE) ? location.pathname.slice(BASE.length) || "/" : "/";
  for (const [name, pattern] of PATTERNS) {
    const match = pattern.exec(path.replace(/\/$/, "") || "/");
    if (match)
      return { name, params: match[1] && name === "site" ? { siteId: decodeURIComponent(match[1]) } : {}, query: new URLSearchParams(location.search) };
  }
  return { name: "not-found", params: {}, query: new URLSearchParams(location.search) };
}

export function navigate(path: string, replace = false): void {
  history[replace ? "replaceState" : "pushState"](null, "", BASE + path);
  window.dispatchEvent(new Event("dashboard-route"));
}

/** Same-origin links inside the dashboard are routed without a reload. */
export function interceptLinks(root: Document): void {
  root.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const anchor = event.composedPath().find((n): n is HTMLAnchorElement => n instanceof HTMLAnchorElement);
    if (!anchor || anchor.target || !anchor.href.startsWith(location.origin + BASE)) return;
    event.preventDefault();
    navigate(anchor.href.slice(location.origin.length + BASE.length) || "/");
  });
  window.addEventListener("popstate", () => window.dispatchEvent(new Event("dashboard-route")));
}

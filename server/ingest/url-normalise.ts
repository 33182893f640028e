// Turns the many spellings of one web address into a single form, so a page is fetched and stored once whether the
// crawler found it or the API pushed it (page URLs are identifiers: delete by URL normalises the same way).
// Returns null for anything that is not an http(s) page address (mailto:, javascript:, data:, tel:, garbage).

/** Query parameters that only track the visitor; they never change what the page shows. */
const TRACKING_PARAM = /^(utm_[a-z0-9_]*|fbclid|gclid|dclid|gbraid|wbraid|msclkid|yclid|mc_cid|mc_eid|_ga|_gl|igshid)$/i;

/** RFC 3986 unreserved characters: escaping them changes nothing, so %7E and ~ are one address. */
const UNRESERVED = /[A-Za-z0-9\-._~]/;

function tidyEscapes(text: string): string {
  return text.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

function paramName(pair: string): string {
  const raw = pair.split("=", 1)[0]!.replace(/\+/g, " ");
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Normalises an absolute or relative (to `base`) address. The rules:
 * scheme and host lower-cased (the URL parser does it, and turns numeric hosts such as 2130706433 into 127.0.0.1),
 * default ports and credentials dropped, fragment dropped, dot segments collapsed,
 * unreserved percent-escapes decoded and the rest upper-cased, tracking parameters dropped, the rest sorted by name
 * (stable, so repeated names keep their order), an empty query dropped.
 * Trailing slashes are kept as written: `/docs/` and `/docs` are different addresses to many servers and
 * relative links resolve differently under each; the server's redirect between them ends at one final URL, which the
 * crawler dedupes on. The root is always `/`.
 */
export function normaliseUrl(url: string, base?: string): string | null {
  let parsed: URL;
  try {
    parsed = base === undefined ? new URL(url.trim()) : new URL(url.trim(), base);
  } catch {
    return null;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  if (parsed.hostname === "") return null;
  parsed.hash = "";
  parsed.username = "";
  parsed.password = "";
  // A trailing dot names the same DNS host ("example.com." is "example.com").
  if (parsed.hostname.endsWith(".")) parsed.hostname = parsed.hostname.replace(/\.+$/, "");

  const path = tidyEscapes(parsed.pathname) || "/";
  const pairs = parsed.search
    .slice(1)
    .split("&")
    .filter((pair) => pair !== "" && !TRACKING_PARAM.test(paramName(pair)))
    .map(tidyEscapes);
  const named = pairs.map((pair, index) => ({ pair, name: paramName(pair), index }));
  named.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.index - b.index));
  const query = named.length > 0 ? `?${named.map((p) => p.pair).join("&")}` : "";
  return `${parsed.protocol}//${parsed.host}${path}${query}`;
}

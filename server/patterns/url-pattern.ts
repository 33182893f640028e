// URL patterns used to select pages (page deletion, URL boosts): a glob (`*` within a path segment, `**` across
// segments, `?` one character) or a regular expression written between slashes (`/docs\/v[12]\//i`), both
// compiled to RE2 so no pattern can stall the process.
import { compileRe2, PatternError, re2SourceFromJs, type SafeRegex } from "./safe-regex.ts";

export { PatternError as UrlPatternError } from "./safe-regex.ts";

/** Characters with a meaning in RE2 syntax; everything else in a glob is literal. */
export const escapeRe2 = (text: string) => text.replace(/[.+*?^${}()|[\]\\]/g, "\\$&");

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** The RE2 source of a pattern, flags inline. Throws PatternError (UrlPatternError) when it cannot compile. */
export function urlPatternSource(pattern: string): string {
  const regex = /^\/(.+)\/([a-z]*)$/s.exec(pattern);
  if (regex && !pattern.includes("*")) return re2SourceFromJs(regex[1]!, regex[2]!, pattern);
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "*" && pattern[i + 1] === "*") {
      source += ".*";
      i++;
    } else if (c === "*") source += "[^/]*";
    else if (c === "?") source += "[^/]";
    else source += escapeRe2(c);
  }
  // A glob without a scheme matches the path of any URL, so "/docs/**" works on full URLs.
  return SCHEME.test(pattern) ? `(?s)^${source}$` : `(?is)^(?:[a-z][a-z0-9+.-]*://[^/]+)?${source}$`;
}

export function compileUrlPattern(pattern: string): SafeRegex {
  return compileRe2(urlPatternSource(pattern), pattern);
}

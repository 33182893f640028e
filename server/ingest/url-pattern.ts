// URL patterns used to select pages: a glob (`*` within a path segment, `**` across segments, `?` one character)
// or a regular expression written between slashes (`/docs\/v[12]\//i`).
export class UrlPatternError extends Error {
  override name = "UrlPatternError";
}

export function compileUrlPattern(pattern: string): RegExp {
  const regex = /^\/(.+)\/([a-z]*)$/s.exec(pattern);
  if (regex && !pattern.includes("*")) {
    try {
      return new RegExp(regex[1]!, regex[2]!.replace(/[gy]/g, ""));
    } catch (error) {
      throw new UrlPatternError(`Invalid regular expression ${pattern}: ${(error as Error).message}`);
    }
  }
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "*" && pattern[i + 1] === "*") {
      source += ".*";
      i++;
    } else if (c === "*") source += "[^/]*";
    else if (c === "?") source += "[^/]";
    else source += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  // A glob without a scheme matches the path of any URL, so "/docs/**" works on full URLs.
  return /^[a-z][a-z0-9+.-]*:/i.test(pattern) ? new RegExp(`^${source}$`) : new RegExp(`^(?:[a-z][a-z0-9+.-]*://[^/]+)?${source}$`, "i");
}

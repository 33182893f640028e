// The one URL pattern language (crawl include/exclude, URL boosts, delete by pattern): a glob parsed by picomatch or
// a regular expression written between slashes (`/docs\/v[12]\//i`), both compiled to RE2 so no pattern can stall the
// process. The rules are in docs/decisions.md ("One pattern language").
import picomatch from "picomatch";
import { Limits } from "../../shared/limits.ts";
import { compileRe2, PatternError, re2SourceFromJs, type SafeRegex } from "./safe-regex.ts";
export { PatternError as UrlPatternError } from "./safe-regex.ts";

/** What a pattern is matched against: the whole URL without its fragment, or only its path. */
export type PatternSubject = "url" | "path";

export interface UrlPatternSource {
  subject: PatternSubject;
  /** RE2 syntax, flags inline. */
  source: string;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
/** `/…/flags` with JavaScript flags; `/v?/api` is a glob (its "flags" are not flags). */
const REGEX = /^\/(.+)\/([gimsuy]*)$/s;
/** `scheme://host` then the path, up to a query or fragment; linear (no nested repetition). */
const PATH_OF = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*([^?#]*)/i;

/**
 * picomatch guards `.` and `..` segments and empty stars with lookarounds, which RE2 cannot run. Normalised URLs
 * never hold dot segments, so dropping the guards changes nothing for them; an empty `*` then matches too
 * (`/blog/*` matches `/blog/`), as both earlier dialects did. Any other lookaround (a negated extglob) is refused.
 */
const PICOMATCH_GUARDS = ["(?!(?:^|\\/)\\.{1,2}(?:\\/|$))", "(?!\\.{1,2}(?:\\/|$))", "(?=.)"];

/** `dot`: `.well-known` is an ordinary segment; `nonegate`: a leading `!` is literal (exclude patterns say "not"). */
const PARSE_OPTIONS = { dot: true, nonegate: true, maxLength: Limits.urlPatternMaxChars + 10 };

function globBody(glob: string, shown: string): string {
  let body = picomatch.parse(glob, PARSE_OPTIONS).output;
  for (const guard of PICOMATCH_GUARDS) body = body.split(guard).join("");
  if (/\(\?<?[=!]/.test(body)) throw new PatternError(`Unsupported glob ${shown}: negated groups !(…) are not supported; exclude patterns say "not".`);
  return body;
}

/** Scheme and host compare case-insensitively (URLs store them lower-cased); the path as written. */
function lowerOrigin(pattern: string): string {
  const end = pattern.indexOf("/", pattern.indexOf("://") + 3);
  return end < 0 ? pattern.toLowerCase() : pattern.slice(0, end).toLowerCase() + pattern.slice(end);
}

/** The subject and RE2 source of a pattern. Throws PatternError (UrlPatternError) when it cannot compile. */
export function urlPatternSource(pattern: string): UrlPatternSource {
  const regex = REGEX.exec(pattern);
  if (regex && !pattern.includes("*")) return { subject: "url", source: re2SourceFromJs(regex[1]!, regex[2]!, pattern) };
  if (SCHEME.test(pattern)) return { subject: "url", source: `^${globBody(lowerOrigin(pattern), pattern)}$` };
  // A path glob starting with `/` is anchored at the root; any other matches at any depth, like a .gitignore line.
  const anchor = pattern.startsWith("/") ? "^" : "^(?:.*/)?";
  return { subject: "path", source: `${anchor}${globBody(pattern, pattern)}$` };
}

/** The part of a URL a pattern of this subject sees. */
export function patternSubjectOf(url: string, subject: PatternSubject): string {
  if (subject === "path") return PATH_OF.exec(url)?.[1] || "/";
  const hash = url.indexOf("#");
  return hash < 0 ? url : url.slice(0, hash);
}

/** A compiled pattern; `test` takes an absolute URL. */
export function compileUrlPattern(pattern: string): SafeRegex {
  const { subject, source } = urlPatternSource(pattern);
  const regex = compileRe2(source, pattern);
  return { test: (url) => regex.test(patternSubjectOf(url, subject)) };
}

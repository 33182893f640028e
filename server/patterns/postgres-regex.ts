// Carries a URL pattern's RE2 source into PostgreSQL (`~`) when both engines give the same answer for it, so delete
// by pattern runs in SQL. Only a subset is the same in both: what falls outside it returns null and is matched in the
// process instead (docs/decisions.md, "Delete by pattern in SQL").

/** Escapes that mean the same in RE2 and in PostgreSQL's regular expressions, outside brackets. */
const SAME_ESCAPES = /[dDsSwW]/;
/** PostgreSQL's repetition counts stop at 255 (RE_DUP_MAX); RE2's at 1000. */
const MAX_COUNT = 255;

/** Length of the bracket expression at `start`, or -1 when it holds anything the two engines might read apart. */
function bracketLength(source: string, start: number): number {
  let i = start + 1;
  if (source[i] === "^") i++;
  // A leading `]` is literal in both, but nested `[` (classes like [[:alpha:]]) and escaped letters are not kept.
  if (source[i] === "]") return -1;
  for (; i < source.length; i++) {
    const c = source[i]!;
    if (c === "]") return i - start + 1;
    if (c === "[") return -1;
    if (c === "\\") {
      if (!/[^A-Za-z0-9]/.test(source[i + 1] ?? "a")) return -1;
      i++;
    }
  }
  return -1;
}

/** Length of the token at `i` when it reads the same in both engines, or -1. */
function tokenLength(source: string, i: number): number {
  const c = source[i]!;
  if (c === "\\") {
    const next = source[i + 1];
    if (next === undefined) return -1;
    // `\b` is a word boundary in RE2 and a backspace in PostgreSQL; letters other than d, s, w differ or are unknown.
    return SAME_ESCAPES.test(next) || /[^A-Za-z0-9]/.test(next) ? 2 : -1;
  }
  if (c === "[") return bracketLength(source, i);
  if (c === "(" && source[i + 1] === "?") return source.startsWith("(?:", i) ? 3 : -1;
  if (c === "{") {
    const count = /^\{(\d+)(?:,(\d*))?\}/.exec(source.slice(i));
    if (!count || Number(count[1]) > MAX_COUNT || Number(count[2] || 0) > MAX_COUNT) return -1;
    return count[0].length;
  }
  return 1;
}

/**
 * The PostgreSQL regular expression for an RE2 source, or null when the two might disagree. Flags: `i` is kept (both
 * allow it only leading, where re2js puts it); `m` and `s` only concern newlines, which URLs never contain.
 */
export function postgresRegex(re2Source: string): string | null {
  const flags = /^\(\?([imsU]+)\)/.exec(re2Source);
  const flagSet = flags?.[1] ?? "";
  if (flagSet.includes("U")) return null;
  const body = flags ? re2Source.slice(flags[0].length) : re2Source;
  for (let i = 0; i < body.length; ) {
    const length = tokenLength(body, i);
    if (length < 0) return null;
    i += length;
  }
  return `${flagSet.includes("i") ? "(?i)" : ""}${body}`;
}

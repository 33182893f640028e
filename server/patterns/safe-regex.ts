// The one compiler for tenant-written regular expressions: RE2 semantics on re2js, so matching time is linear in
// the input whatever the pattern (no catastrophic backtracking), with a clear error for syntax RE2 cannot run.
import { RE2JS } from "re2js";
import { Limits } from "../../shared/limits.ts";

/** A pattern the owner wrote that cannot be compiled; its message is shown to them as a 400. */
export class PatternError extends Error {
  override name = "PatternError";
}

export interface SafeRegex {
  /** True when the pattern matches anywhere in the input (like RegExp.prototype.test without the g flag). */
  test(input: string): boolean;
}

const SUPPORTED_FLAGS = /^[gimsuy]*$/;

/** `g` and `y` only steer iteration in JavaScript; a yes/no test has no use for them. */
function unsupportedConstruct(source: string): string | null {
  if (/\(\?<?[=!]/.test(source)) return "lookahead and lookbehind ((?=…), (?!…), (?<=…), (?<!…)) are not supported";
  if (/\\[1-9]|\\k</.test(source)) return "backreferences (\\1, \\k<name>) are not supported";
  return null;
}

/**
 * Turns a JavaScript regular expression (source and flags, as written between slashes) into RE2 syntax with its
 * flags inline, e.g. `docs/v\d/` + `i` → `(?i)docs/v\d/`. Throws PatternError for what RE2 cannot run.
 */
export function re2SourceFromJs(source: string, flags: string, shown = `/${source}/${flags}`): string {
  if (!SUPPORTED_FLAGS.test(flags)) throw new PatternError(`Invalid regular expression ${shown}: unsupported flags "${flags}" (use i, m, s or u).`);
  const construct = unsupportedConstruct(source);
  if (construct) throw new PatternError(`Unsupported regular expression ${shown}: ${construct}; patterns use RE2 syntax, which always runs in linear time.`);
  let native: RegExp;
  try {
    // Only parsed here, never run: constructing a RegExp does no matching, so it cannot backtrack.
    native = new RegExp(source, flags.replace(/[gy]/g, ""));
  } catch (error) {
    throw new PatternError(`Invalid regular expression ${shown}: ${(error as Error).message}`);
  }
  const translated = RE2JS.translateRegExp(native);
  checkRe2(translated, shown);
  return translated;
}

const cache = new Map<string, RE2JS>();
const CACHE_LIMIT = 5000;

function checkRe2(source: string, shown: string): RE2JS {
  let compiled = cache.get(source);
  if (compiled) return compiled;
  try {
    compiled = RE2JS.compile(source);
  } catch (error) {
    const reason = (error as Error).message.replace(/^error parsing regexp: /, "");
    throw new PatternError(`Unsupported regular expression ${shown}: ${reason}; patterns use RE2 syntax, which always runs in linear time.`);
  }
  // Linear time is linear in the program too: a `[\s\S]{900}` would cost every URL hundreds of steps per character.
  if (compiled.programSize() > Limits.urlPatternProgramSize) {
    throw new PatternError(
      `Pattern ${shown} is too complex (${compiled.programSize()} RE2 instructions, at most ${Limits.urlPatternProgramSize}); use fewer or smaller repetition counts.`,
    );
  }
  // Compiled once per distinct pattern: settings change rarely and searches reuse the same few patterns.
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(source, compiled);
  return compiled;
}

/** The RE2 program size of a source, what matching it costs per character. */
export function re2ProgramSize(source: string): number {
  return checkRe2(source, source).programSize();
}

/** Compiles RE2 syntax (cached by source); `shown` is how the owner wrote it, for the error message. */
export function compileRe2(source: string, shown = source): SafeRegex {
  const compiled = checkRe2(source, shown);
  return { test: (input) => compiled.test(input) };
}

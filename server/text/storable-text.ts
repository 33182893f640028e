// What PostgreSQL can store as text: no NUL character and no unpaired UTF-16 surrogate (it has no encoding in UTF-8).

// Without the u flag the pattern sees UTF-16 code units, so it finds a high surrogate with no low one after it and a
// low one with no high one before it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function isStorableText(s: string): boolean {
  LONE_SURROGATE.lastIndex = 0;
  return !s.includes("\u0000") && !LONE_SURROGATE.test(s);
}

/** Drops NUL characters and replaces unpaired surrogates with U+FFFD, as String.prototype.toWellFormed does. */
export function toStorableText(s: string): string {
  return s.replaceAll("\u0000", "").replace(LONE_SURROGATE, "\uFFFD");
}

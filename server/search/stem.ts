// A light English stemmer for highlighting: "configuring", "configured" and "configuration" all meet
// "configure", close to what the english text-search configuration does when it matches them.

const suffixes = ["ational", "ations", "ation", "ments", "ment", "ings", "ing", "edly", "ers", "er", "ed", "ies", "es", "ly", "s"] as const;

/**
 * Stems through a bounded cache: search stems every word of every candidate chunk and of every snippet, and a site's
 * text repeats its vocabulary, so most calls are lookups.
 */
export function stem(word: string): string {
  let s = stemCache.get(word);
  if (s === undefined) {
    if (stemCache.size >= 50_000) stemCache.clear();
    s = stemUncached(word);
    stemCache.set(word, s);
  }
  return s;
}

const stemCache = new Map<string, string>();

/**
 * The part of a stem every word stemming to it starts with: stem() keeps a prefix of the lower-cased word, except that
 * "-ies" becomes "-y" ("policies" → "policy"), so a trailing y is left out.
 */
export function stemCore(s: string): string {
  return s.length > 1 && s.endsWith("y") ? s.slice(0, -1) : s;
}

function stemUncached(word: string): string {
  let w = word.toLowerCase();
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (w.endsWith("'s") || w.endsWith("’s")) w = w.slice(0, -2);
  for (const suffix of suffixes) {
    if (!w.endsWith(suffix)) continue;
    const base = w.slice(0, -suffix.length);
    if (base.length < 3) continue;
    // "ss" and "us"/"is" endings are not plurals ("access", "status", "analysis").
    if (suffix === "s" && /(ss|us|is)$/.test(w)) break;
    w = suffix === "ies" ? `${base}y` : base;
    // "running" → "runn" → "run"; l and s stay doubled ("install", "access").
    if (/([^aeiouls])\1$/.test(w) && suffix !== "ly") w = w.slice(0, -1);
    break;
  }
  // A trailing e comes and goes with the ending ("configure", "configured"), so it never counts.
  return w.length > 3 && w.endsWith("e") ? w.slice(0, -1) : w;
}

export const stopWords = new Set(
  "a an and are as at be but by for from how i in is it of on or that the this to was what when where which who why will with you your do does can".split(" "),
);

/** Distinct stems of the query's words; stop words are left out unless the query has nothing else. */
export function queryStems(query: string): Set<string> {
  const words =
    query
      .toLowerCase()
      .normalize("NFKC")
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const content = words.filter((w) => !stopWords.has(w));
  return new Set((content.length > 0 ? content : words).map(stem));
}

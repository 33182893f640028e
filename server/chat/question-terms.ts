// Splits text into the content words that matter for matching a question: lower case, stop words out, light stemming.

/** English function words plus question words; they match everything and so tell nothing. */
const stopWords = new Set(
  (
    "a an the and or but nor so yet of to in on at by for from with without about into onto over under " +
    "between through during before after above below up down out off than then too very can could will would " +
    "shall should may might must do does did done doing be is am are was were been being have has had having " +
    "i me my mine we us our ours you your yours he him his she her hers it its they them their theirs " +
    "this that these those there here what which who whom whose when where why how whether if else " +
    "not no yes all any both each few more most other some such only own same just also again ever " +
    "get gets got use used using make made want need tell know please thanks thank hi hello ok okay " +
    "s t don doesn didn isn aren wasn weren won wouldn shouldn couldn cannot let lets"
  ).split(" "),
);

/** Cuts the commonest English endings so "installing", "installed", "installs" and "installer" meet at "install". */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let w = word;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(x|z|ch|sh|ss)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith("s") && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  for (const [suffix, minBase] of [
    ["ing", 3],
    ["edly", 3],
    ["ed", 3],
    ["ly", 3],
    ["er", 5],
  ] as const) {
    if (w.endsWith(suffix) && w.length - suffix.length >= minBase) {
      w = w.slice(0, -suffix.length);
      // "running" → "runn" → "run"; l and s double in base words ("install", "access").
      if (suffix !== "ly" && /([^aeiouls])\1$/.test(w)) w = w.slice(0, -1);
      break;
    }
  }
  // A final "e" comes and goes with the ending ("update", "updated"), so it never counts.
  return w.length >= 5 && w.endsWith("e") ? w.slice(0, -1) : w;
}

/** The words of `text` in order, lower-cased, with stop words and one-letter words removed (not stemmed). */
export function contentWords(text: string): string[] {
  const words =
    text
      .toLowerCase()
      .normalize("NFKC")
      .match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? [];
  return words.map((w) => w.replace(/['’]s$/, "").replace(/['’]/g, "")).filter((w) => w.length > 1 && !stopWords.has(w));
}

/** The distinct stemmed content terms of `text`. */
export function questionTerms(text: string): Set<string> {
  return new Set(contentWords(text).map(stem));
}

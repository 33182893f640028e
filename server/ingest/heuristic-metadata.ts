// Fills a page's missing title, summary and tags without a model: first line, first sentences, most salient words.
// Used when no Anthropic key is configured, and as the fallback when the model fails.
import type { MetadataExtractor, MetadataInput, MetadataOutput } from "../ports/metadata-extractor.ts";

const STOP_WORDS = new Set(
  (
    "a about above after again against all also am an and any are aren't as at be because been before being below between both but by can " +
    "cannot could did do does doing don't down during each either else etc even every few for from further get gets got had has have having " +
    "he her here hers herself him himself his how however i if in into is isn't it it's its itself just let like made make makes many may me " +
    "might more most much must my myself need needs no nor not now of off often on once one only or other others otherwise our ours ourselves " +
    "out over own per rather same see set sets she should since so some such than that that's the their theirs them themselves then there " +
    "therefore these they this those though through thus to too under until up upon us use used uses using very via was wasn't way we well " +
    "were what when where whether which while who whom whose why will with within without would yet you your yours yourself yourselves " +
    "example examples following follows new note section page first second two three default value values case cases time want able " +
    "way ways given different true false"
  ).split(" "),
);

const TITLE_MAX = 120;
const SUMMARY_MAX = 300;
const TAGS_MAX = 8;

/** Cuts at the last word boundary before `max`, so nothing ends mid-word. */
function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

// A table reads as "Label: value · Label: value" (table-text.ts): each value counts as a line of its own, and the
// labels, repeated on every row, say nothing about the page.
const fields = (line: string) => (line.includes(" · ") ? line.split(" · ").map((f) => f.replace(/^[^:]{1,40}:\s/, "")) : [line]);
const lines = (text: string) =>
  text
    .split(/\n+/)
    .flatMap(fields)
    .map((l) =>
      l
        .replace(/^#{1,6}\s+/, "")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter(Boolean);

/** A heading-like line: short and not ending like a sentence. */
const isHeadingLike = (line: string) => line.length <= 80 && !/[.!?:;,]$/.test(line);
/** Configuration and code lines make poor summaries: few letters, many symbols. */
const isProse = (line: string) => line.length >= 40 && (line.match(/[a-z]/gi)?.length ?? 0) / line.length > 0.6 && /\s/.test(line);

export function heuristicTitle(text: string): string {
  return cutAtWord(lines(text)[0] ?? "", TITLE_MAX);
}

const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });

/** The first prose sentences, up to ~300 characters, ending on a sentence boundary when one fits. */
export function heuristicSummary(text: string): string {
  let summary = "";
  for (const line of lines(text).filter((l) => isProse(l) && !isHeadingLike(l))) {
    for (const { segment } of segmenter.segment(line)) {
      const sentence = segment.trim();
      if (!sentence) continue;
      const next = summary ? `${summary} ${sentence}` : sentence;
      if (next.length > SUMMARY_MAX) return summary || cutAtWord(sentence, SUMMARY_MAX);
      summary = next;
      if (summary.length >= SUMMARY_MAX * 0.5) return summary;
    }
  }
  return summary || cutAtWord(lines(text)[0] ?? "", SUMMARY_MAX);
}

// Words keep inner dots, dashes and underscores: "mod_rewrite", "http2", ".htaccess" are the terms people search for.
const WORD = /[\p{L}\p{N}][\p{L}\p{N}_.+-]*[\p{L}\p{N}+]|\p{L}/gu;

/** Code lines repeat names (paths, variables) that say little about the page; they count for less. */
const looksLikeCode = (line: string) => (line.match(/\p{L}/gu)?.length ?? 0) / line.length < 0.6 || /[{}$%=<>\\^|]/.test(line);

/** Up to eight lowercase terms by frequency; heading-like lines count three times, code lines a quarter. */
export function heuristicTags(text: string): string[] {
  // Singular and plural ("file", "files") share a score and show the form used most.
  const scores = new Map<string, { score: number; forms: Map<string, number> }>();
  for (const line of lines(text)) {
    const weight = isHeadingLike(line) ? 3 : looksLikeCode(line) ? 0.25 : 1;
    for (const match of line.toLowerCase().matchAll(WORD)) {
      const word = match[0];
      if (word.length < 3 || word.length > 40 || STOP_WORDS.has(word) || /^[\d.,+-]+$/.test(word)) continue;
      const key = word.length > 4 ? word.replace(/s$/, "") : word;
      const entry = scores.get(key) ?? { score: 0, forms: new Map<string, number>() };
      entry.score += weight;
      entry.forms.set(word, (entry.forms.get(word) ?? 0) + 1);
      scores.set(key, entry);
    }
  }
  return [...scores.values()]
    .filter((e) => e.score >= 2)
    .map((e) => ({ score: e.score, word: [...e.forms].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0] }))
    .sort((a, b) => b.score - a.score || a.word.localeCompare(b.word))
    .slice(0, TAGS_MAX)
    .map((e) => e.word);
}

export class HeuristicMetadataExtractor implements MetadataExtractor {
  async extract(input: MetadataInput): Promise<MetadataOutput> {
    const started = performance.now();
    const out: MetadataOutput = { model: null, inputTokens: 0, outputTokens: 0, ms: 0 };
    if (input.missing.includes("title")) out.title = heuristicTitle(input.text);
    if (input.missing.includes("summary")) out.summary = heuristicSummary(input.text);
    if (input.missing.includes("tags")) out.tags = heuristicTags(input.text);
    out.ms = Math.round(performance.now() - started);
    return out;
  }
}

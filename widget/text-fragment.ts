// Result links carry a text fragment (#:~:text=) of the matched passage, so the page a visitor lands on scrolls to
// and highlights it; browsers without text fragments fall back to the section anchor in front of it.
const WORDS_BEFORE = 2;
const WORDS_AFTER = 6;

/** Text fragment syntax reserves these; everything else may stay readable. */
const encode = (s: string) => encodeURIComponent(s).replace(/-/g, "%2D");

/**
 * A short run of words around the first highlight that the page is likely to contain as is: stops at an ellipsis
 * (the snippet's cut) and at " · " (added by ingest between table cells).
 */
export function fragmentPassage(snippet: string, highlights: readonly (readonly [number, number])[]): string {
  const [start, end] = highlights[0] ?? [0, 0];
  if (end <= start) return "";
  // Whole words: a highlight may cover part of one ("install" of "installing").
  const from = start - (snippet.slice(0, start).match(/\S*$/)?.[0].length ?? 0);
  const to = end + (snippet.slice(end).match(/^\S*/)?.[0].length ?? 0);
  const before = snippet.slice(0, from).split(/…| · /).pop()!.split(/\s+/).filter(Boolean).slice(-WORDS_BEFORE);
  const after = snippet.slice(to).split(/…| · /)[0]!.split(/\s+/).filter(Boolean).slice(0, WORDS_AFTER);
  return [...before, snippet.slice(from, to), ...after]
    .join(" ")
    .replace(/[.,;:!?]+$/, "")
    .trim();
}

/** `url` (which may end in #anchor) with a text directive for the passage; unchanged when there is none. */
export function withTextFragment(url: string, passage: string): string {
  if (!passage) return url;
  return `${url}${url.includes("#") ? "" : "#"}:~:text=${encode(passage)}`;
}

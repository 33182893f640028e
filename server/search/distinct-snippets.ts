// A page's snippet and its best section's snippet come from the same chunk; a visitor should not read it twice.
import type { SectionMatch } from "../../shared/search.ts";

const core = (snippet: string) =>
  snippet
    .replace(/^…\s*|\s*…$/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
// A long section is split into several chunks that share its heading path and link: to a visitor they are one section.
const sectionKey = (s: SectionMatch) => `${s.url}\u0000${s.headingPath.join("\u0000")}`;

/**
 * Lists each section once and empties the snippet (and its highlights) of a section that repeats text already shown
 * above it: contained in the page's snippet or in an earlier section's, or the other way round. The section still
 * links to its anchor. Two chunks of one section merge into the first (the better scored), which takes the second's
 * snippet when its own repeated text shown above.
 */
export function distinctSnippets<T extends SectionMatch>(pageSnippet: string, sections: T[]): T[] {
  const shown = [core(pageSnippet)].filter(Boolean);
  const isNew = (text: string) => text !== "" && !shown.some((s) => s.includes(text) || text.includes(s));
  const kept = new Map<string, T>();
  for (const section of sections) {
    const key = sectionKey(section);
    const text = core(section.snippet);
    const fresh = isNew(text);
    const earlier = kept.get(key);
    if (earlier && (earlier.snippet || !fresh)) continue;
    if (fresh) shown.push(text);
    if (earlier) kept.set(key, { ...earlier, snippet: section.snippet, highlights: section.highlights });
    else kept.set(key, fresh || !text ? section : { ...section, snippet: "", highlights: [] });
  }
  return [...kept.values()];
}

// A page's snippet and its best section's snippet come from the same chunk; a visitor should not read it twice.
import type { SectionMatch } from "../../shared/search.ts";

const core = (snippet: string) => snippet.replace(/^…\s*|\s*…$/g, "").replace(/\s+/g, " ").trim().toLowerCase();

/**
 * Empties the snippet (and its highlights) of every section that repeats text already shown above it: contained
 * in the page's snippet or in an earlier section's, or the other way round. The section still links to its anchor.
 */
export function distinctSnippets<T extends SectionMatch>(pageSnippet: string, sections: T[]): T[] {
  const shown = [core(pageSnippet)].filter(Boolean);
  return sections.map((section) => {
    const text = core(section.snippet);
    if (!text) return section;
    if (shown.some((s) => s.includes(text) || text.includes(s))) return { ...section, snippet: "", highlights: [] };
    shown.push(text);
    return section;
  });
}

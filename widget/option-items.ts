// The flat list of listbox options (Ask AI, results, sections, recent searches) that keyboard and rendering share.
import type { SearchResult, SectionMatch } from "../shared/search.ts";

interface Base {
  /** DOM id, unique inside the shadow root, for aria-activedescendant. */
  id: string;
}
export type OptionItem =
  | (Base & { kind: "ask"; query: string })
  | (Base & { kind: "recent"; query: string; favourite: boolean })
  | (Base & { kind: "result"; url: string; position: number; result: SearchResult })
  | (Base & { kind: "section"; url: string; position: number; section: SectionMatch });

/** A page with its matching sections: the unit the listbox groups by. */
export interface OptionGroup {
  label: string;
  items: OptionItem[];
}

export interface OptionInput {
  query: string;
  results: readonly SearchResult[];
  recent: readonly string[];
  favourites?: readonly string[];
  chat: boolean;
  askLabel: string;
  recentLabel: string;
  favouritesLabel?: string;
  /** Rank of the first result (results pages show a later slice). */
  offset?: number;
}

export function buildOptionGroups(input: OptionInput): OptionGroup[] {
  const groups: OptionGroup[] = [];
  const query = input.query.trim();
  if (!query) {
    const favourites = input.favourites ?? [];
    if (favourites.length) {
      groups.push({
        label: input.favouritesLabel ?? "",
        items: favourites.map((q, i) => ({ kind: "recent", id: `favourite-${i}`, query: q, favourite: true })),
      });
    }
    if (input.recent.length) {
      groups.push({ label: input.recentLabel, items: input.recent.map((q, i) => ({ kind: "recent", id: `recent-${i}`, query: q, favourite: false })) });
    }
    return groups;
  }
  if (input.chat) groups.push({ label: input.askLabel, items: [{ kind: "ask", id: "ask-ai", query }] });
  // Positions count results and sections alike: that is the rank the visitor saw, which click analytics want.
  let position = input.offset ?? 0;
  input.results.forEach((result, r) => {
    const items: OptionItem[] = [{ kind: "result", id: `result-${r}`, url: result.url, position: position++, result }];
    result.sections.forEach((section, s) => {
      items.push({ kind: "section", id: `result-${r}-section-${s}`, url: section.url, position: position++, section });
    });
    groups.push({ label: result.title, items });
  });
  return groups;
}

export function flattenGroups(groups: readonly OptionGroup[]): OptionItem[] {
  return groups.flatMap((group) => group.items);
}

// Finds the source numbers an answer cites ([1], [1, 2], [1][2], [1-3]) and renumbers them to match a trimmed source list.

/**
 * One citation group: numbers separated by commas, or a range with a hyphen or en dash.
 * Not followed by "(" or ":" so markdown links `[2](url)` and reference definitions `[2]: url` stay text.
 */
const citationGroup = /\[\s*(\d{1,3}(?:\s*(?:,|-|–)\s*\d{1,3})*)\s*\](?![(:])/g;

/** Fenced blocks and inline code, where `[1]` is an array index, not a citation. */
const codeSpan = /```[\s\S]*?(?:```|$)|`[^`\n]*`/g;

/** A range longer than this is a typo or an attack, not a citation. */
const maxRangeLength = 20;

function numbersOf(group: string): number[] {
  const numbers: number[] = [];
  for (const part of group.split(",")) {
    const [from = Number.NaN, to = from] = part.split(/-|–/).map((s) => Number.parseInt(s.trim(), 10));
    if (!Number.isFinite(from) || !Number.isFinite(to) || to < from || to - from >= maxRangeLength) continue;
    for (let n = from; n <= to; n++) numbers.push(n);
  }
  return numbers;
}

/** Calls `onText` for prose and passes code spans through untouched. */
export function mapProse(text: string, onText: (prose: string) => string): string {
  let out = "";
  let last = 0;
  for (const match of text.matchAll(codeSpan)) {
    out += onText(text.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return out + onText(text.slice(last));
}

/** The source numbers cited in `answer`, in order of first use, without numbers outside 1..sourceCount. */
export function extractCitations(answer: string, sourceCount: number): number[] {
  const seen = new Set<number>();
  mapProse(answer, (prose) => {
    for (const match of prose.matchAll(citationGroup)) {
      for (const n of numbersOf(match[1]!)) if (n >= 1 && n <= sourceCount) seen.add(n);
    }
    return prose;
  });
  return [...seen];
}

/**
 * Rewrites citations so source `used[i]` becomes `[i + 1]`, each number in its own brackets (`[1][2]`,
 * the one form the widget links), and drops citations of sources that are not in `used`.
 */
export function renumberCitations(answer: string, used: number[]): string {
  const newNumber = new Map<number, number>();
  used.forEach((old, i) => {
    if (!newNumber.has(old)) newNumber.set(old, i + 1);
  });
  return mapProse(answer, (prose) =>
    prose.replace(new RegExp(`[ \\t]?${citationGroup.source}`, "g"), (whole: string, group: string) => {
      const mapped = [...new Set(numbersOf(group).flatMap((n) => newNumber.get(n) ?? []))].sort((a, b) => a - b);
      if (mapped.length === 0) return "";
      const leading = whole.startsWith(" ") || whole.startsWith("\t") ? whole[0] : "";
      return leading + mapped.map((n) => `[${n}]`).join("");
    }),
  );
}

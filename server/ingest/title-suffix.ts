// Finds the suffix a site appends to every title (" - Apache HTTP Server Version 2.4"), so results show what
// each page is about; decided per site from the titles already stored (docs/decisions.md).

/** Separators sites put between a page's own title and the site name. */
const SEPARATOR = /\s+[-|–—·:»]\s+/g;
/** At least this many stored titles must share a suffix, and at least this share of those looked at. */
const MIN_SHARING = 2;
const MIN_SHARE = 0.5;

/** Suffixes of `title` that start at a separator, longest first, each leaving a non-empty title. */
export function titleSuffixes(title: string): string[] {
  const out: string[] = [];
  for (const match of title.matchAll(SEPARATOR)) {
    if (match.index > 0) out.push(title.slice(match.index));
  }
  return out;
}

/**
 * The longest separator-led suffix of `title` that most of the site's other titles end with too; null when none
 * is shared widely enough. `others` are the original (unstripped) titles of other pages of the site.
 */
export function sharedTitleSuffix(title: string, others: readonly string[]): string | null {
  if (others.length < MIN_SHARING) return null;
  for (const suffix of titleSuffixes(title)) {
    const sharing = others.filter((other) => other.endsWith(suffix) && other.length > suffix.length).length;
    if (sharing >= MIN_SHARING && sharing >= others.length * MIN_SHARE) return suffix;
  }
  return null;
}

/** The title without the suffix, or the title unchanged when the suffix would leave nothing. */
export function stripTitleSuffix(title: string, suffix: string | null): string {
  if (!suffix || !title.endsWith(suffix)) return title;
  return title.slice(0, -suffix.length).trim() || title;
}

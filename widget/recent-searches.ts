// Recent queries per site in localStorage, newest first; storage failures degrade to "no history".
const MAX_RECENT = 5;

export class RecentSearches {
  readonly #key: string;

  constructor(scope: string) {
    this.#key = `site-search:recent:${scope}`;
  }

  list(): string[] {
    try {
      const parsed: unknown = JSON.parse(localStorage.getItem(this.#key) ?? "[]");
      return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === "string").slice(0, MAX_RECENT) : [];
    } catch {
      return [];
    }
  }

  add(query: string): void {
    const trimmed = query.trim();
    if (!trimmed) return;
    const next = [trimmed, ...this.list().filter((item) => item.toLowerCase() !== trimmed.toLowerCase())].slice(0, MAX_RECENT);
    this.#write(next);
  }

  clear(): void {
    try {
      localStorage.removeItem(this.#key);
    } catch {
      // Nothing stored or storage blocked: either way there is nothing to show.
    }
  }

  #write(items: string[]): void {
    try {
      localStorage.setItem(this.#key, JSON.stringify(items));
    } catch {
      // Quota or privacy mode: history is a convenience, never worth an error.
    }
  }
}

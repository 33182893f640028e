// Recent and favourite queries per site in localStorage, newest first, with a visitor's off switch for recents;
// storage failures degrade to "no history".
const MAX_RECENT = 5;
const MAX_FAVOURITES = 10;

function read(key: string): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Quota, privacy mode or storage blocked: history is a convenience, never worth an error.
  }
}

const without = (items: string[], query: string) => items.filter((item) => item.toLowerCase() !== query.toLowerCase());

export class RecentSearches {
  readonly #key: string;
  readonly #favouritesKey: string;
  // One switch for every site on the origin: a visitor who turns history off means it everywhere.
  static readonly offKey = "site-search:recent-off";

  constructor(scope: string) {
    this.#key = `site-search:recent:${scope}`;
    this.#favouritesKey = `site-search:favourites:${scope}`;
  }

  get enabled(): boolean {
    return read(RecentSearches.offKey).length === 0;
  }

  /** Turning history off also forgets what it held. */
  set enabled(on: boolean) {
    write(RecentSearches.offKey, on ? null : '["off"]');
    if (!on) this.clear();
  }

  /** Recent queries that are not favourites. */
  list(): string[] {
    const favourites = this.favourites();
    return read(this.#key)
      .filter((item) => !favourites.some((f) => f.toLowerCase() === item.toLowerCase()))
      .slice(0, MAX_RECENT);
  }

  add(query: string): void {
    const trimmed = query.trim();
    if (!trimmed || !this.enabled) return;
    write(this.#key, JSON.stringify([trimmed, ...without(read(this.#key), trimmed)].slice(0, MAX_RECENT * 2)));
  }

  clear(): void {
    write(this.#key, null);
  }

  favourites(): string[] {
    return read(this.#favouritesKey).slice(0, MAX_FAVOURITES);
  }

  isFavourite(query: string): boolean {
    return this.favourites().some((f) => f.toLowerCase() === query.toLowerCase());
  }

  /** Favourites stay when history is off: the visitor saved them on purpose. */
  toggleFavourite(query: string): void {
    const current = read(this.#favouritesKey);
    const next = this.isFavourite(query) ? without(current, query) : [query, ...current].slice(0, MAX_FAVOURITES);
    write(this.#favouritesKey, JSON.stringify(next));
  }
}

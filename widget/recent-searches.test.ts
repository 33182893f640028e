import { beforeEach, describe, expect, test } from "bun:test";
import { RecentSearches } from "./recent-searches.ts";

class MemoryStorage {
  map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}
beforeEach(() => {
  (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
});

describe("RecentSearches", () => {
  test("keeps recent queries newest first, without duplicates and without favourites", () => {
    const recent = new RecentSearches("site");
    for (const q of ["alpha", "beta", "Alpha", "gamma"]) recent.add(q);
    recent.toggleFavourite("beta");
    expect(recent.list()).toEqual(["gamma", "Alpha"]);
    expect(recent.favourites()).toEqual(["beta"]);
  });

  test("turned off, remembers nothing and forgets what it had, but keeps favourites", () => {
    const recent = new RecentSearches("site");
    recent.add("alpha");
    recent.toggleFavourite("saved");
    recent.enabled = false;
    recent.add("beta");
    expect(recent.list()).toEqual([]);
    expect(recent.favourites()).toEqual(["saved"]);
    expect(new RecentSearches("other").enabled).toBe(false);
    recent.enabled = true;
    recent.add("gamma");
    expect(recent.list()).toEqual(["gamma"]);
  });

  test("a second toggle removes a favourite", () => {
    const recent = new RecentSearches("site");
    recent.toggleFavourite("x");
    recent.toggleFavourite("X");
    expect(recent.favourites()).toEqual([]);
  });
});

// Other addresses of a stored page: a page is stored once under its own URL, and every other URL that shows it (its
// index file, a URL whose canonical link names it, a copy with the same text) is recorded as an alias of it.

export type PageMatch = { urls: string[] } | { regex: string; subject: "url" | "path" };

export interface PageAliasStore {
  /** The URL of the stored page one of these addresses shows: a page stored at it, else the page it is an alias of. */
  ownerOf(siteId: string, urls: string[]): Promise<string | null>;
  /** A page of the site stored at another URL whose cleaned text has this hash. */
  pageWithText(siteId: string, textHash: string, exceptUrl: string): Promise<string | null>;
  /**
   * Records `alias` as another address of the page stored at `ownUrl`. A page stored at `alias` itself is merged into
   * it (removed, its own aliases moving over), so the site keeps one copy.
   */
  link(siteId: string, alias: string, ownUrl: string): Promise<void>;
  /** Forgets `url` as an alias: it is about to be stored as a page of its own. */
  forget(siteId: string, url: string): Promise<void>;
  /** A page's aliases, oldest first. */
  aliasesOf(pageId: string): Promise<string[]>;
  /**
   * The alias side of a removal: matching aliases are forgotten, and a matching page that keeps an alias moves to its
   * oldest alias with its content. Returns how many addresses that removed; matching pages without an alias are left
   * for the document store to delete.
   */
  removeAliased(siteId: string, match: PageMatch): Promise<number>;
}

// What happened to a site, told to everything that keeps state derived from it: search caches, the embedding queue,
// readiness webhooks, planner statistics. Publishers name what changed; subscribers decide what to drop or wake.

export type SiteEvent =
  /** Pages or chunks were stored, replaced or removed (ingest, the pages API, a crawl). */
  | { kind: "content-changed"; siteId: string }
  /** Settings that answers depend on changed (boosts, synonyms, access rules). */
  | { kind: "settings-changed"; siteId: string }
  /** The site and its content are gone. */
  | { kind: "deleted"; siteId: string };

export interface SiteEvents {
  /** Tells every subscriber, in the order they subscribed, before returning; a subscriber must not throw. */
  publish(event: SiteEvent): void;
  /** Returns the function that unsubscribes. */
  subscribe(listener: (event: SiteEvent) => void): () => void;
}

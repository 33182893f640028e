// Origins a site's allowed domains refused lately: a few per site, with how often and when, for the owner to allow.

export interface RefusedOriginRecord {
  origin: string;
  count: number;
  firstSeenAt: Date;
  lastSeenAt: Date;
}

export interface RefusedOriginStore {
  /** Counts one refusal of `origin` (an http(s) origin) by the site, keeping only the most recently seen few. */
  record(siteId: string, origin: string): Promise<void>;
  /** Most recently seen first. */
  list(siteId: string): Promise<RefusedOriginRecord[]>;
}

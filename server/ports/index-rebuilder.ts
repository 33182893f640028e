// Rebuilding an external lexical index (Elasticsearch) from Postgres, the source of truth: `site-search reindex`.

export interface RebuildProgress {
  siteId: string;
  chunks: number;
}

export interface IndexRebuilder {
  /** The index written to, for the summary line. */
  readonly target: string;
  siteExists(siteId: string): Promise<boolean>;
  allSiteIds(): Promise<string[]>;
  /** For each site: drops its documents, then indexes every chunk; `onSite` hears of each site as it finishes. */
  rebuild(siteIds: string[], onSite: (progress: RebuildProgress) => void): Promise<RebuildProgress[]>;
  close(): Promise<void>;
}

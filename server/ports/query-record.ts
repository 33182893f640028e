// What the search and chat use cases record about each query, implemented by analytics (analytics/event-recorder.ts).
export interface QueryRecord {
  orgId: string;
  siteId: string;
  kind: "search" | "chat";
  query: string;
  resultCount: number;
  latencyMs: number;
  /** The visitor's address; only a salted hash is stored. */
  ip?: string | null;
  channel: "public" | "api";
  /** When it happened; defaults to now (tests and imports set it). */
  at?: Date;
}

// Where analytics events go: raw query, click and usage events (the store keeps its rollups beside them),
// answer ratings, and the pruning of raw events past their retention.

export interface QueryEventRow {
  orgId: string;
  siteId: string;
  kind: "search" | "chat";
  query: string;
  resultCount: number;
  latencyMs: number;
  visitorHash: string | null;
  channel: "public" | "api";
  createdAt: Date;
}

export interface ClickEventRow {
  orgId: string;
  siteId: string;
  query: string;
  url: string;
  position: number | null;
  createdAt: Date;
}

export interface UsageEventRow {
  orgId: string;
  siteId?: string | null;
  purpose: "chat" | "ingest";
  model: string;
  inputTokens: number;
  outputTokens: number;
  createdAt: Date;
}

export interface QueryEventWriter {
  writeQueryEvents(events: readonly QueryEventRow[], clicks: readonly ClickEventRow[]): Promise<void>;
}

export interface UsageEventWriter {
  writeUsageEvents(events: readonly UsageEventRow[]): Promise<void>;
}

export interface AnalyticsStore extends QueryEventWriter, UsageEventWriter {
  /** False when the answer does not exist or belongs to another site. */
  rateAnswer(siteId: string, answerId: string, rating: "up" | "down", reason: string | null, tags: readonly string[], at: Date): Promise<boolean>;
  pruneRawEvents(before: Date): Promise<{ queryEvents: number; clickEvents: number }>;
}

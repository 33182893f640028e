// Delivers search_outbox rows to Elasticsearch: each row says "make this page (or site) in the index
// match Postgres now". A row is deleted only once delivered, so an Elasticsearch outage delays keyword
// freshness but loses nothing. The composition root runs drainOnce() in a poll loop of server/jobs.
import type { OutboxLag, OutboxRow, SearchOutbox } from "../../ports/search-outbox.ts";
import type { ElasticsearchLexicalIndex } from "./lexical-index.ts";

export type { OutboxLag };

export interface OutboxDrainOptions {
  /** Rows claimed per round. */
  batchSize?: number;
  /** How long a claimed row stays hidden from other workers; a worker that dies mid-batch is retried after it. */
  leaseSeconds?: number;
  /** Backoff ceiling after repeated failures. */
  maxBackoffSeconds?: number;
}

export class OutboxDrain {
  /** Rows claimed per round: a round that claims this many leaves more waiting. */
  readonly batchSize: number;
  private readonly leaseSeconds: number;
  private readonly maxBackoffSeconds: number;
  private indexReady = false;

  constructor(
    private readonly outbox: SearchOutbox,
    private readonly index: ElasticsearchLexicalIndex,
    opts: OutboxDrainOptions = {},
  ) {
    this.batchSize = opts.batchSize ?? 100;
    this.leaseSeconds = opts.leaseSeconds ?? 120;
    this.maxBackoffSeconds = opts.maxBackoffSeconds ?? 300;
  }

  /** Claims and delivers one batch; returns how many rows were delivered and how many failed. */
  async drainOnce(): Promise<{ claimed: number; delivered: number; failed: number }> {
    const claimed = await this.outbox.claim(this.batchSize, this.leaseSeconds);
    if (claimed.length === 0) return { claimed: 0, delivered: 0, failed: 0 };
    const groups: Array<{ rows: OutboxRow[]; run: () => Promise<void> }> = [];
    for (const r of claimed.filter((r) => r.op === "delete-site")) groups.push({ rows: [r], run: () => this.index.deleteSite({ siteId: r.siteId }) });
    for (const [siteId, group] of groupBy(
      claimed.filter((r) => r.op === "delete-page"),
      (r) => r.siteId,
    )) {
      groups.push({ rows: group, run: () => this.index.deletePages({ siteId, pageIds: group.map((r) => r.pageId!) }) });
    }
    const upserts = claimed.filter((r) => r.op === "upsert-page");
    if (upserts.length > 0) groups.push({ rows: upserts, run: () => this.upsertPages(upserts) });
    let delivered = 0;
    let failed = 0;
    for (const group of groups) {
      const ids = group.rows.map((r) => r.id);
      try {
        if (!this.indexReady) {
          await this.index.ensureIndex();
          this.indexReady = true;
        }
        await group.run();
        await this.outbox.remove(ids);
        delivered += ids.length;
      } catch (error) {
        await this.outbox.fail(ids, (error as Error).message, this.maxBackoffSeconds);
        failed += ids.length;
      }
    }
    return { claimed: claimed.length, delivered, failed };
  }

  /** Drains until no row is ready (tests, reindex, shutdown); stops early on a failing round. */
  async drainAll(): Promise<{ delivered: number; failed: number }> {
    let delivered = 0;
    for (;;) {
      const round = await this.drainOnce();
      delivered += round.delivered;
      if (round.failed > 0) return { delivered, failed: round.failed };
      if (round.claimed === 0) return { delivered, failed: 0 };
    }
  }

  lag(): Promise<OutboxLag> {
    return this.outbox.lag();
  }

  private async upsertPages(group: OutboxRow[]): Promise<void> {
    const pageIds = [...new Set(group.map((r) => r.pageId!))];
    await this.index.replacePages({ pageIds, chunks: await this.outbox.pageChunks(pageIds) });
  }
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

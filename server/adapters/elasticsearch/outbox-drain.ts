// Delivers search_outbox rows to Elasticsearch: each row says "make this page (or site) in the index
// match Postgres now". A row is deleted only once delivered, so an Elasticsearch outage delays keyword
// freshness but loses nothing.
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../postgres/database.ts";
import { rows } from "../postgres/database.ts";
import { searchOutbox } from "../postgres/schema.ts";
import type { Logger } from "../../logger.ts";
import type { ElasticsearchLexicalIndex } from "./lexical-index.ts";
import { loadPageChunks } from "./chunk-source.ts";

type OutboxRow = Pick<typeof searchOutbox.$inferSelect, "id" | "siteId" | "pageId" | "op" | "attempts">;

export interface OutboxDrainOptions {
  /** Rows claimed per round. */
  batchSize?: number;
  /** How long a claimed row stays hidden from other workers; a worker that dies mid-batch is retried after it. */
  leaseSeconds?: number;
  /** Backoff ceiling after repeated failures. */
  maxBackoffSeconds?: number;
  log?: Logger;
}

export interface OutboxLag {
  pending: number;
  /** Age of the oldest undelivered row, 0 when none. */
  oldestSeconds: number;
  /** Rows that failed at least once and wait for their retry. */
  retrying: number;
}

export class OutboxDrain {
  private readonly batchSize: number;
  private readonly leaseSeconds: number;
  private readonly maxBackoffSeconds: number;
  private indexReady = false;

  constructor(
    private readonly db: Db,
    private readonly index: ElasticsearchLexicalIndex,
    private readonly opts: OutboxDrainOptions = {},
  ) {
    this.batchSize = opts.batchSize ?? 100;
    this.leaseSeconds = opts.leaseSeconds ?? 120;
    this.maxBackoffSeconds = opts.maxBackoffSeconds ?? 300;
  }

  /** Claims and delivers one batch; returns how many rows were delivered and how many failed. */
  async drainOnce(): Promise<{ claimed: number; delivered: number; failed: number }> {
    const claimed = await this.claim();
    if (claimed.length === 0) return { claimed: 0, delivered: 0, failed: 0 };
    const groups: Array<{ rows: OutboxRow[]; run: () => Promise<void> }> = [];
    for (const r of claimed.filter((r) => r.op === "delete-site")) groups.push({ rows: [r], run: () => this.index.deleteSite({ siteId: r.siteId }) });
    for (const [siteId, group] of groupBy(claimed.filter((r) => r.op === "delete-page"), (r) => r.siteId)) {
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
        await this.db.delete(searchOutbox).where(inArray(searchOutbox.id, ids));
        delivered += ids.length;
      } catch (error) {
        await this.fail(ids, error as Error);
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

  /** Polls in the background until the returned stop function is awaited. */
  start(intervalMs = 1000): () => Promise<void> {
    let stopped = false;
    let wake: (() => void) | null = null;
    const loop = (async () => {
      while (!stopped) {
        try {
          const round = await this.drainOnce();
          if (round.failed > 0) this.opts.log?.warn("search outbox delivery failed; will retry", { failed: round.failed });
          // A full batch means more is waiting: go again at once.
          if (round.claimed === this.batchSize && round.failed === 0) continue;
        } catch (error) {
          this.opts.log?.error("search outbox drain error", { error });
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, intervalMs);
        });
      }
    })();
    return async () => {
      stopped = true;
      wake?.();
      await loop;
    };
  }

  async lag(): Promise<OutboxLag> {
    const [row] = await rows<{ pending: number | string; oldest: number | string | null; retrying: number | string }>(
      this.db,
      sql`SELECT count(*) AS pending,
                 EXTRACT(EPOCH FROM now() - min(created_at)) AS oldest,
                 count(*) FILTER (WHERE attempts > 0) AS retrying
          FROM search_outbox`,
    );
    return { pending: Number(row?.pending ?? 0), oldestSeconds: Math.max(0, Math.round(Number(row?.oldest ?? 0))), retrying: Number(row?.retrying ?? 0) };
  }

  private async upsertPages(group: OutboxRow[]): Promise<void> {
    const pageIds = [...new Set(group.map((r) => r.pageId!))];
    await this.index.replacePages({ pageIds, chunks: await loadPageChunks(this.db, pageIds) });
  }

  // One statement that works on PostgreSQL and PGlite. SKIP LOCKED lets workers claim side by side; the
  // lease (available_at in the future) hides claimed rows once the statement commits, so no transaction
  // stays open across Elasticsearch calls. A row waits while an older row of the same page is pending,
  // and a site deletion waits for, and holds back, the site's other rows: one page is never written by
  // two workers at once, so a slow worker cannot put back an older version after a newer one.
  private async claim(): Promise<OutboxRow[]> {
    const claimed = await rows<{ id: number | string; site_id: string; page_id: string | null; op: OutboxRow["op"]; attempts: number }>(
      this.db,
      sql`UPDATE search_outbox SET available_at = now() + make_interval(secs => ${this.leaseSeconds})
          WHERE id IN (
            SELECT o.id FROM search_outbox o
            WHERE o.available_at <= now()
              AND NOT EXISTS (
                SELECT 1 FROM search_outbox older
                WHERE older.id < o.id AND older.site_id = o.site_id
                  AND (older.page_id = o.page_id OR older.op = 'delete-site' OR o.op = 'delete-site'))
            ORDER BY o.id
            LIMIT ${this.batchSize}
            FOR UPDATE SKIP LOCKED)
          RETURNING id, site_id, page_id, op, attempts`,
    );
    return claimed.map((r) => ({ id: Number(r.id), siteId: r.site_id, pageId: r.page_id, op: r.op, attempts: r.attempts }));
  }

  // Exponential backoff from the row's own attempt count: 2 s, 4 s, 8 s … capped at maxBackoffSeconds.
  private async fail(ids: number[], error: Error): Promise<void> {
    await rows(
      this.db,
      sql`UPDATE search_outbox
          SET attempts = attempts + 1,
              last_error = ${error.message.slice(0, 1000)},
              available_at = now() + make_interval(secs => least(power(2, attempts + 1), ${this.maxBackoffSeconds}))
          WHERE id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
    );
  }
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

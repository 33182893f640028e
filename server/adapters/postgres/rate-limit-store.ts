// Rate-limit windows in Postgres, so every API instance counts against the same totals.
import { lt, sql } from "drizzle-orm";
import type { Db } from "./database.ts";
import { rows } from "./database.ts";
import { rateLimitBuckets } from "./schema.ts";
import type { BucketState, BucketTake, RateLimitHit, RateLimitStore } from "../../ports/rate-limit-store.ts";

export class PostgresRateLimitStore implements RateLimitStore {
  private lastSweep = 0;
  constructor(private readonly db: Db) {}

  async hit(key: string, windowSeconds: number, now: number): Promise<RateLimitHit> {
    const start = Math.floor(now / windowSeconds) * windowSeconds;
    // Raw SQL gets an ISO string: postgres.js does not serialise Date parameters passed through drizzle's sql``.
    const windowStart = new Date(start * 1000).toISOString();
    // One statement: concurrent hits on the same key serialise on the row and each sees its own count.
    const [row] = await rows<{ count: number }>(
      this.db,
      sql`INSERT INTO rate_limit_buckets (key, window_start, count) VALUES (${key}, ${windowStart}::timestamptz, 1)
          ON CONFLICT (key) DO UPDATE SET
            count = CASE WHEN rate_limit_buckets.window_start = EXCLUDED.window_start THEN rate_limit_buckets.count + 1 ELSE 1 END,
            window_start = EXCLUDED.window_start
          RETURNING count`,
    );
    if (start !== this.lastSweep) {
      this.lastSweep = start;
      await this.db.delete(rateLimitBuckets).where(lt(rateLimitBuckets.windowStart, new Date((start - windowSeconds) * 1000)));
    }
    return { count: Number(row?.count ?? 1), resetAt: start + windowSeconds };
  }

  async undo(key: string, windowSeconds: number, now: number): Promise<void> {
    const windowStart = new Date(Math.floor(now / windowSeconds) * windowSeconds * 1000).toISOString();
    await rows(this.db, sql`UPDATE rate_limit_buckets SET count = count - 1 WHERE key = ${key} AND window_start = ${windowStart}::timestamptz AND count > 0`);
  }

  /**
   * A bucket is a row of the same table under a key of its own: window_start holds when it is full again, count 1 when
   * this take was allowed. One statement, so concurrent takes on a key serialise on its row. The fixed windows' sweep
   * deletes rows full again a minute ago, which is what a missing row means.
   */
  async take(key: string, take: BucketTake, now: number): Promise<BucketState> {
    const cost = take.cost / take.perSecond;
    const span = take.capacity / take.perSecond + 1e-6;
    const base = sql`greatest(extract(epoch FROM rate_limit_buckets.window_start), ${now}::float8)`;
    const fits = sql`${base} + ${cost}::float8 - ${now}::float8 <= ${span}::float8`;
    const [row] = await rows<{ allowed: number; full_at: number }>(
      this.db,
      sql`INSERT INTO rate_limit_buckets (key, window_start, count) VALUES (${`bucket:${key}`}, to_timestamp(${now}::float8 + ${cost}::float8), 1)
          ON CONFLICT (key) DO UPDATE SET
            count = CASE WHEN ${fits} THEN 1 ELSE 0 END,
            window_start = CASE WHEN ${fits} THEN to_timestamp(${base} + ${cost}::float8) ELSE rate_limit_buckets.window_start END
          RETURNING count AS allowed, extract(epoch FROM window_start)::float8 AS full_at`,
    );
    return { allowed: Number(row?.allowed ?? 1) === 1, fullAt: Number(row?.full_at ?? now + cost) };
  }
}

// Rate-limit windows in this process: right for one instance; several behind a balancer share the Postgres store.
import { takeFrom, type BucketState, type BucketTake, type RateLimitHit, type RateLimitStore } from "../../ports/rate-limit-store.ts";

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private lastSweep = 0;
  /** Token buckets by key: when each is full again. */
  private readonly buckets = new Map<string, number>();
  private lastBucketSweep = 0;

  async take(key: string, take: BucketTake, now: number): Promise<BucketState> {
    // A bucket full again is the same as one never seen: dropped once a minute so the map stays small.
    if (now - this.lastBucketSweep >= 60) {
      this.lastBucketSweep = now;
      for (const [k, fullAt] of this.buckets) if (fullAt <= now) this.buckets.delete(k);
    }
    const state = takeFrom(this.buckets.get(key) ?? now, take, now);
    if (state.allowed) this.buckets.set(key, state.fullAt);
    return state;
  }

  async hit(key: string, windowSeconds: number, now: number): Promise<RateLimitHit> {
    const start = Math.floor(now / windowSeconds) * windowSeconds;
    this.sweep(start);
    const current = this.windows.get(key);
    const count = current && current.start === start ? current.count + 1 : 1;
    this.windows.set(key, { start, count });
    return { count, resetAt: start + windowSeconds };
  }

  async undo(key: string, windowSeconds: number, now: number): Promise<void> {
    const start = Math.floor(now / windowSeconds) * windowSeconds;
    const current = this.windows.get(key);
    if (current && current.start === start && current.count > 0) current.count -= 1;
  }

  // Old windows are dropped once per window so the map does not grow with every visitor ever seen.
  private sweep(start: number): void {
    if (start === this.lastSweep) return;
    this.lastSweep = start;
    for (const [key, w] of this.windows) if (w.start < start) this.windows.delete(key);
  }
}

// Rate-limit windows in this process: right for one instance; several behind a balancer share the Postgres store.
import type { RateLimitHit, RateLimitStore } from "../../ports/rate-limit-store.ts";

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private lastSweep = 0;

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

// Fixed one-minute windows counted per key: in process (one instance) or in Postgres (several behind a balancer).
export interface RateLimitHit {
  count: number;
  /** Unix seconds when the current window ends. */
  resetAt: number;
}

export interface RateLimitStore {
  hit(key: string, windowSeconds: number, now: number): Promise<RateLimitHit>;
}

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

  // Old windows are dropped once per window so the map does not grow with every visitor ever seen.
  private sweep(start: number): void {
    if (start === this.lastSweep) return;
    this.lastSweep = start;
    for (const [key, w] of this.windows) if (w.start < start) this.windows.delete(key);
  }
}

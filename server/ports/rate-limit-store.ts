// Fixed one-minute windows counted per key: in process (adapters/memory, one instance) or in Postgres (several behind a balancer).
export interface RateLimitHit {
  count: number;
  /** Unix seconds when the current window ends. */
  resetAt: number;
}

export interface RateLimitStore {
  hit(key: string, windowSeconds: number, now: number): Promise<RateLimitHit>;
  /** Takes one hit back from the current window (none when the window has moved on): for attempts that should not count. */
  undo(key: string, windowSeconds: number, now: number): Promise<void>;
}

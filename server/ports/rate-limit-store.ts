// Fixed one-minute windows and token buckets counted per key: in process (adapters/memory, one instance) or in
// Postgres (several behind a balancer).
export interface RateLimitHit {
  count: number;
  /** Unix seconds when the current window ends. */
  resetAt: number;
}

export interface RateLimitStore {
  hit(key: string, windowSeconds: number, now: number): Promise<RateLimitHit>;
  /** Takes one hit back from the current window (none when the window has moved on): for attempts that should not count. */
  undo(key: string, windowSeconds: number, now: number): Promise<void>;
  /**
   * Takes `cost` tokens from the bucket `key` (refilled at perSecond up to capacity; full when first seen), if it holds
   * them. Kept as the time the bucket would be full again (the generic cell rate algorithm): one number per key.
   */
  take(key: string, take: BucketTake, now: number): Promise<BucketState>;
}

export interface BucketTake {
  cost: number;
  capacity: number;
  perSecond: number;
}

export interface BucketState {
  allowed: boolean;
  /** Unix seconds when the bucket is full again (after this take, when allowed). */
  fullAt: number;
}

/** The bucket rule both stores apply to the time the bucket was full (`fullAt`, at most `now` for a full one). */
export function takeFrom(fullAt: number, take: BucketTake, now: number): BucketState {
  const next = Math.max(fullAt, now) + take.cost / take.perSecond;
  // A hair of tolerance: fractional costs summed in floating point must not refuse the last whole token.
  const allowed = next - now <= take.capacity / take.perSecond + 1e-6;
  return { allowed, fullAt: allowed ? next : fullAt };
}

// Applies a limit to a key (a fixed one-minute window, or a token bucket) and says what to put in the X-RateLimit-*
// headers; over the limit it refuses as rate limited (RATE_LIMITED, with retryAfter).
import { ErrorCode } from "../../shared/errors.ts";
import { DomainError } from "../errors/domain-error.ts";
import type { RateLimitStore } from "../ports/rate-limit-store.ts";

export interface RateLimitVerdict {
  limit: number;
  remaining: number;
  resetAt: number;
}

/** A token bucket: `burst` requests at once, refilled at `perMinute`; a request takes `cost` tokens (1 for a full one). */
export interface BucketLimit {
  burst: number;
  perMinute: number;
  cost: number;
}

export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly clock: () => number = () => Date.now() / 1000,
  ) {}

  async check(key: string, limit: number, headers: Record<string, string | number>, what = "requests"): Promise<RateLimitVerdict> {
    const now = this.clock();
    const { count, resetAt } = await this.store.hit(key, 60, now);
    const verdict = { limit, remaining: Math.max(0, limit - count), resetAt };
    showTightest(headers, verdict);
    if (count > limit) {
      const retryAfter = Math.max(1, Math.ceil(resetAt - now));
      throw new DomainError(ErrorCode.RateLimited, `Rate limit exceeded: at most ${limit} ${what} per minute. Try again in ${retryAfter} s.`, retryAfter);
    }
    return verdict;
  }

  /** Gives back the hit a check took (the attempt turned out not to count); a window that has ended is left alone. */
  async refund(key: string): Promise<void> {
    await this.store.undo(key, 60, this.clock());
  }

  /**
   * Takes from a token bucket: X-RateLimit-Limit is the burst, -Remaining the whole requests left in it, -Reset when it is
   * full again. Refused, Retry-After is when this request's cost will have refilled.
   */
  async take(key: string, bucket: BucketLimit, headers: Record<string, string | number>, what = "requests"): Promise<RateLimitVerdict> {
    const now = this.clock();
    const perSecond = bucket.perMinute / 60;
    const state = await this.store.take(key, { cost: bucket.cost, capacity: bucket.burst, perSecond }, now);
    const held = bucket.burst - Math.max(0, state.fullAt - now) * perSecond;
    const verdict = { limit: bucket.burst, remaining: Math.max(0, Math.floor(held + 1e-9)), resetAt: Math.ceil(Math.max(state.fullAt, now)) };
    showTightest(headers, verdict);
    if (!state.allowed) {
      const retryAfter = Math.max(1, Math.ceil((bucket.cost - held) / perSecond));
      const message = `Rate limit exceeded: at most ${bucket.perMinute} ${what} per minute (${bucket.burst} at once). Try again in ${retryAfter} s.`;
      throw new DomainError(ErrorCode.RateLimited, message, retryAfter);
    }
    return verdict;
  }
}

/** Several limits may apply to one request; the headers show the tightest. */
function showTightest(headers: Record<string, string | number>, verdict: RateLimitVerdict): void {
  const shown = Number(headers["x-ratelimit-remaining"] ?? Infinity);
  if (verdict.remaining > shown) return;
  headers["x-ratelimit-limit"] = String(verdict.limit);
  headers["x-ratelimit-remaining"] = String(verdict.remaining);
  headers["x-ratelimit-reset"] = String(verdict.resetAt);
}

// Applies a limit to a key and says what to put in the X-RateLimit-* headers; over the limit it throws 429.
import { ErrorCode } from "../../shared/errors.ts";
import { AppError } from "../errors/app-error.ts";
import type { RateLimitStore } from "../ports/rate-limit-store.ts";

export interface RateLimitVerdict {
  limit: number;
  remaining: number;
  resetAt: number;
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
    // Several limits may apply to one request; the headers show the tightest.
    const shown = Number(headers["x-ratelimit-remaining"] ?? Infinity);
    if (verdict.remaining <= shown) {
      headers["x-ratelimit-limit"] = String(limit);
      headers["x-ratelimit-remaining"] = String(verdict.remaining);
      headers["x-ratelimit-reset"] = String(resetAt);
    }
    if (count > limit) {
      const retryAfter = Math.max(1, Math.ceil(resetAt - now));
      throw new AppError(429, ErrorCode.RateLimited, `Rate limit exceeded: at most ${limit} ${what} per minute. Try again in ${retryAfter} s.`, retryAfter);
    }
    return verdict;
  }

  /** Gives back the hit a check took (the attempt turned out not to count); a window that has ended is left alone. */
  async refund(key: string): Promise<void> {
    await this.store.undo(key, 60, this.clock());
  }
}

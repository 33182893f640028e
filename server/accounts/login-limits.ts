// Sign-in attempts limited before any password work: per address, per (email, address) and, with a higher threshold,
// per email. An attempt is counted when it starts, so concurrent guesses cannot slip past, and given back when it
// succeeds (or is refused), so only failed password checks ever count.
import { AccountLimits } from "../../shared/limits.ts";
import type { RateLimiter } from "../rate-limit/index.ts";

export interface SignInAttempt {
  /** The password was right: the attempt no longer counts against anyone. */
  succeeded(): Promise<void>;
}

export class LoginLimits {
  constructor(private readonly limiter: RateLimiter) {}

  /** Counts one attempt against each limit, or refuses as rate limited (counting nothing) when one is already full. */
  async admit(email: string, ip: string, headers: Record<string, string | number>): Promise<SignInAttempt> {
    const who = email.trim().toLowerCase();
    const limits: Array<[key: string, limit: number]> = [
      [`login-ip:${ip}`, AccountLimits.loginFailuresPerMinutePerIp],
      [`login-email-ip:${who}|${ip}`, AccountLimits.loginFailuresPerMinutePerEmailAndIp],
      [`login-email:${who}`, AccountLimits.loginFailuresPerMinutePerEmail],
    ];
    const counted: string[] = [];
    const giveBack = () => Promise.all(counted.map((key) => this.limiter.refund(key))).then(() => {});
    try {
      for (const [key, limit] of limits) {
        counted.push(key);
        await this.limiter.check(key, limit, headers, "failed sign-ins");
      }
    } catch (error) {
      await giveBack();
      throw error;
    }
    return { succeeded: giveBack };
  }
}

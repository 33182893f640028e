// The rate-limit use case's public entry point: what other use-case folders may import from it.
export type { RateLimiter } from "./rate-limiter.ts";

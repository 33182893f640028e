// The rate-limit use case's public entry point: what routes, plugins, the CLI and other use-case folders may import from it.
export { RateLimiter } from "./rate-limiter.ts";

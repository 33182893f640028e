// CORS of the public endpoints (/v1/public/…), set in this one place before anything can refuse the request, so the
// widget can read every answer: 431 and 413 included. The gate withdraws the allow-origin when it refuses the origin.
import { Elysia } from "elysia";
import type { ResponseHeaders } from "./response-headers.ts";

const PUBLIC_PREFIX = "/v1/public/";

/** The calling page's origin: the Origin header, else the origin of the Referer; null when neither is sent. */
export function callerOrigin(request: Request): string | null {
  const origin = request.headers.get("origin");
  if (origin) return origin;
  const referer = request.headers.get("referer");
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return "null";
  }
}

/** MCP endpoints are for tools, not pages: they never carried CORS headers, and their tool calls are admitted one by one. */
export function publicCorsApplies(pathname: string): boolean {
  return pathname.startsWith(PUBLIC_PREFIX) && !pathname.endsWith("/mcp");
}

/**
 * The origin is echoed (never `*`). Vary: Origin goes on every public response, with or without an Origin, so a shared
 * cache never hands an answer stored for one origin (or for none) to another.
 */
export function setCorsHeaders(headers: ResponseHeaders, origin: string | null): void {
  headers.vary = "Origin";
  if (origin === null || origin === "null") return;
  headers["access-control-allow-origin"] = origin;
  headers["access-control-expose-headers"] = "X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, X-Cache";
}

export function setPreflightHeaders(headers: ResponseHeaders, origin: string): void {
  setCorsHeaders(headers, origin);
  headers["access-control-allow-methods"] = "GET, POST, OPTIONS";
  headers["access-control-allow-headers"] = "content-type";
  headers["access-control-max-age"] = "600";
}

/** A refused origin gets no allow-origin header: the browser then hides even the 403 from that page's script. */
export function withdrawCors(headers: ResponseHeaders): void {
  delete headers["access-control-allow-origin"];
  delete headers["access-control-expose-headers"];
}

/** Mounted before the request guards, whose 431 and 413 would otherwise leave before any route's hook ran. */
export function publicCors() {
  // onRequest hooks are global by nature: they run for every request, before routing.
  return new Elysia({ name: "public-cors" }).onRequest(({ request, set }) => {
    if (publicCorsApplies(new URL(request.url).pathname)) setCorsHeaders(set.headers, callerOrigin(request));
  });
}

// The dashboard's session cookie (HttpOnly, SameSite=Lax; over HTTPS Secure and named with the `__Host-` prefix) and
// the Origin check that every state-changing request carrying it must pass (CSRF defence beside SameSite).
import type { TrustProxy } from "./client-ip.ts";
import { AppError } from "../errors/app-error.ts";

export const SESSION_COOKIE = "site_search_session";

/**
 * Over HTTPS the browser keeps a `__Host-` cookie only if it is Secure, for this host alone (no Domain) and Path=/, so
 * a sibling subdomain or a plain-http page cannot plant or overwrite it; plain http (localhost) keeps the bare name.
 */
const cookieName = (secure: boolean) => (secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE);

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The request came over HTTPS: its own URL says so, or (only behind a trusted proxy) X-Forwarded-Proto does. */
export function isHttps(request: Request, trustProxy: TrustProxy | boolean): boolean {
  if (new URL(request.url).protocol === "https:") return true;
  // Any configured proxy (a hop count or a CIDR list) is trusted to say which scheme the visitor used.
  return trustProxy !== false && request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https";
}

/** The session token of the cookie this scheme sets: over HTTPS only the `__Host-` one counts. */
export function sessionToken(request: Request, trustProxy: TrustProxy | boolean): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  const wanted = cookieName(isHttps(request, trustProxy));
  for (const part of header.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === wanted) return value.join("=") || undefined;
  }
  return undefined;
}

export function sessionCookie(token: string, expiresAt: Date, secure: boolean): string {
  return `${cookieName(secure)}=${token}; Path=/; HttpOnly; SameSite=Lax; Expires=${expiresAt.toUTCString()}${secure ? "; Secure" : ""}`;
}

export function clearedSessionCookie(secure: boolean): string {
  return `${cookieName(secure)}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? "; Secure" : ""}`;
}

/**
 * A state-changing request made with the cookie must name this service as its Origin. Browsers send Origin on
 * every POST/PUT/PATCH/DELETE, so a missing one means a client we cannot vouch for: refused as well.
 */
export function assertSameOrigin(request: Request, trustProxy: TrustProxy | boolean): void {
  if (!STATE_CHANGING.has(request.method)) return;
  const origin = request.headers.get("origin");
  const forwardedHost = trustProxy !== false ? request.headers.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  const host = forwardedHost || request.headers.get("host") || new URL(request.url).host;
  let ok = false;
  if (origin && origin !== "null") {
    try {
      const url = new URL(origin);
      ok = url.host === host && url.protocol === (isHttps(request, trustProxy) ? "https:" : "http:");
    } catch {
      ok = false;
    }
  }
  if (!ok) throw new AppError(403, "CSRF_REJECTED", "Cross-site request refused: a signed-in change must come from this service's own pages (Origin header).");
}

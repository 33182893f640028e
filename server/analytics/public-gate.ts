// Stand-in gate for the public click and feedback endpoints until plugins/public-access.ts unifies it:
// the feature must be enabled and the calling page's origin must be one of the site's allowed domains.
import { ErrorCode } from "../../shared/errors.ts";
import type { PublicAccess } from "../../shared/sites.ts";
import { AppError, forbidden } from "../errors/app-error.ts";

export type PublicFeature = "search" | "chat";

/** The host of the calling page: Origin first (browsers send it on POST, sendBeacon included), then Referer. */
export function callerHost(request: Request): string | null {
  for (const header of ["origin", "referer"]) {
    const value = request.headers.get(header);
    if (!value || value === "null") continue;
    try {
      return new URL(value).hostname.toLowerCase();
    } catch {}
  }
  return null;
}

/** `example.com` matches only itself; `*.example.com` matches its subdomains, not the bare domain. */
export function hostAllowed(host: string, allowedDomains: readonly string[]): boolean {
  return allowedDomains.some((entry) => {
    const domain = entry.toLowerCase();
    return domain.startsWith("*.") ? host.endsWith(domain.slice(1)) && host.length > domain.length - 1 : host === domain;
  });
}

/**
 * Throws 403 unless public access and the feature are on and, when allowed domains are listed,
 * the request comes from one of them. An empty list allows any origin.
 */
export function assertPublicAccess(site: { publicAccess: PublicAccess }, request: Request, feature: PublicFeature): void {
  const access = site.publicAccess;
  const enabled = feature === "search" ? access.searchEnabled : access.chatEnabled;
  if (!access.enabled || !enabled) {
    throw forbidden(`Public ${feature} is not enabled for this site.`, ErrorCode.FeatureDisabled);
  }
  if (access.allowedDomains.length === 0) return;
  const host = callerHost(request);
  if (!host || !hostAllowed(host, access.allowedDomains)) {
    throw new AppError(403, ErrorCode.OriginNotAllowed, "This origin is not allowed to call this site's public endpoints.");
  }
}

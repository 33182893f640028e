// Stand-in gate for public chat until plugins/public-access.ts lands: site exists, chat on, origin allowed,
// per-IP limits, and the CORS headers a browser needs to read the answer. Replace with that plugin's check.
import { ErrorCode } from "../../shared/errors.ts";
import type { PublicAccess, RateLimits } from "../../shared/sites.ts";
import { AppError, forbidden, notFound } from "../errors/app-error.ts";
import type { RateLimiter } from "../rate-limit/rate-limiter.ts";
import type { ChatSite } from "./chat-service.ts";

export interface AdmissionDeps {
  sites: { getById(siteId: string): Promise<(ChatSite & { publicAccess: PublicAccess; rateLimits: RateLimits }) | null> };
  limiter: RateLimiter;
  trustProxy: boolean;
}

function originHost(origin: string | null): string | null {
  if (!origin || origin === "null") return null;
  try {
    return new URL(origin).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/** `example.com` matches itself; `*.example.com` matches its subdomains. */
function hostAllowed(host: string, allowed: readonly string[]): boolean {
  return allowed.some((entry) => {
    const domain = entry.toLowerCase().replace(/:\d+$/, "");
    return domain.startsWith("*.") ? host.endsWith(domain.slice(1)) : host === domain;
  });
}

export function clientIp(request: Request, trustProxy: boolean): string {
  const forwarded = trustProxy ? request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() : undefined;
  return forwarded || "unknown";
}

export function chatAdmission(deps: AdmissionDeps) {
  return async (input: { siteId: string; request: Request; headers: Record<string, string> }): Promise<{ site: ChatSite; ip: string }> => {
    const site = await deps.sites.getById(input.siteId);
    if (!site) throw notFound("Site");
    const access = site.publicAccess;
    const origin = input.request.headers.get("origin");
    if (access.allowedDomains.length > 0) {
      const host = originHost(origin ?? input.request.headers.get("referer"));
      if (!host || !hostAllowed(host, access.allowedDomains)) {
        throw new AppError(403, ErrorCode.OriginNotAllowed, "This origin is not allowed to call this site's public endpoints.");
      }
    }
    if (origin) {
      input.headers["access-control-allow-origin"] = origin;
      input.headers.vary = "Origin";
    }
    if (!access.enabled || !access.chatEnabled) throw forbidden("Public chat is not enabled for this site.", ErrorCode.FeatureDisabled);
    const ip = clientIp(input.request, deps.trustProxy);
    await deps.limiter.check(`public-chat:${site.id}:${ip}`, site.rateLimits.chatPerMinute, input.headers, "chat requests");
    if (site.rateLimits.perIpPerMinute) {
      await deps.limiter.check(`public-ip:${site.id}:${ip}`, site.rateLimits.perIpPerMinute, input.headers, "requests");
    }
    return { site: { id: site.id, orgId: site.orgId, name: site.name }, ip };
  };
}

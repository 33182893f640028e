// Public access as an Elysia plugin: every route of an instance that uses it gets the visitor's `ip`; a route that
// declares `publicSite` (or `publicSignal`) gets the admitted `site`, typed, after its input is validated; one that
// declares `preflight` answers a CORS preflight for its site's feature. CORS itself is public-cors.ts's.
import { Elysia } from "elysia";
import { clientIp, type TrustProxy } from "./client-ip.ts";
import type { PublicAccessGate, PublicFeature, PublicSite } from "./public-access.ts";
import type { SearchSpeed } from "../../shared/search.ts";

export interface PublicSiteDeps<S extends PublicSite> {
  gate: PublicAccessGate<S>;
  trustProxy: TrustProxy;
}

/** How a route is admitted: the feature it serves, and a rate counter of its own (completions) when it has one. */
export interface PublicAdmission {
  feature: PublicFeature;
  counter?: string;
}

/** Routes that declare these macros have :siteId in their path, validated by their SiteParams before a resolve runs. */
const siteIdOf = (params: Record<string, string | undefined> | undefined) => params?.siteId ?? "";

/** The search speed a validated query string or body asks for (the search routes' schemas allow only the two speeds). */
function speedOf(query: unknown, body: unknown): SearchSpeed | undefined {
  const asked = (query as { speed?: unknown } | undefined)?.speed ?? (body as { speed?: unknown } | null | undefined)?.speed;
  return asked === "instant" || asked === "full" ? asked : undefined;
}

export function publicSitePlugin<S extends PublicSite>(deps: PublicSiteDeps<S>) {
  const ipOf = (request: Request, server: Parameters<typeof clientIp>[1]) => clientIp(request, server, deps.trustProxy);
  return new Elysia()
    .derive({ as: "scoped" }, ({ request, server }) => ({ ip: ipOf(request, server) }))
    .macro({
      // resolve, not derive: it runs after validation, so a malformed request is a 400 that spends none of the limit.
      publicSite: (admission: PublicAdmission) => ({
        resolve: async ({ params, request, set, server, query, body }) => ({
          site: await deps.gate.admitSite({
            siteId: siteIdOf(params),
            ...admission,
            speed: speedOf(query, body),
            request,
            ip: ipOf(request, server),
            headers: set.headers,
          }),
        }),
      }),
      publicSignal: (feature: PublicFeature) => ({
        resolve: async ({ params, request, set, server }) => ({
          site: await deps.gate.admitSignal({ siteId: siteIdOf(params), feature, request, ip: ipOf(request, server), headers: set.headers }),
        }),
      }),
      preflight: (feature: PublicFeature) => ({
        beforeHandle: async ({ params, request, set }) => {
          await deps.gate.preflight({ siteIds: [siteIdOf(params)], feature, request, headers: set.headers });
          set.status = 204;
        },
      }),
    });
}

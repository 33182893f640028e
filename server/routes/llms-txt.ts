// GET /v1/public/sites/{siteId}/llms.txt: the site's page list for language models, under public search's rules.
import type { TrustProxy } from "../plugins/client-ip.ts";
import { t } from "elysia";
import { routeGroup } from "./route-group.ts";
import { clientIp, type PublicAccessGate, type PublicSite } from "../plugins/public-access.ts";
import { renderLlmsTxt, type LlmsTxtSite, type PageLister } from "../connectors/llms-txt.ts";

export function llmsTxtRoutes(deps: { gate: PublicAccessGate<PublicSite & LlmsTxtSite>; documents: PageLister; trustProxy: TrustProxy }, prefix = "/v1/public/sites") {
  return routeGroup(prefix, "Public search").get(
    "/:siteId/llms.txt",
    async ({ params, request, set, server }) => {
      const headers = set.headers as Record<string, string>;
      const site = await deps.gate.admitSite({ siteId: params.siteId, feature: "search", request, ip: clientIp(request, server, deps.trustProxy), headers });
      headers["content-type"] = "text/plain; charset=utf-8";
      headers["cache-control"] = "public, max-age=300";
      return renderLlmsTxt(site, deps.documents);
    },
    {
      params: t.Object({ siteId: t.String({ minLength: 1, maxLength: 100 }) }),
      detail: { summary: "The site's llms.txt: its pages' titles, addresses and summaries (needs public search on)" },
    },
  );
}

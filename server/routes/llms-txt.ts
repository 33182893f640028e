// GET /v1/public/sites/{siteId}/llms.txt: the site's page list for language models, under public search's rules.
import type { TrustProxy } from "../plugins/client-ip.ts";
import { routeGroup } from "./route-group.ts";
import type { PublicAccessGate, PublicSite } from "../plugins/public-access.ts";
import { publicSitePlugin } from "../plugins/public-site.ts";
import { SiteParams } from "../../shared/params.ts";
import { renderLlmsTxt, type LlmsTxtSite, type PageLister } from "../connectors/index.ts";

export function llmsTxtRoutes(
  deps: { gate: PublicAccessGate<PublicSite & LlmsTxtSite>; documents: PageLister; trustProxy: TrustProxy },
  prefix = "/v1/public/sites",
) {
  return routeGroup(prefix, "Public search")
    .use(publicSitePlugin(deps))
    .get(
      "/:siteId/llms.txt",
      async ({ site, set }) => {
        set.headers["content-type"] = "text/plain; charset=utf-8";
        set.headers["cache-control"] = "public, max-age=300";
        return renderLlmsTxt(site, deps.documents);
      },
      {
        params: SiteParams,
        publicSite: { feature: "search" },
        detail: { summary: "The site's llms.txt: its pages' titles, addresses and summaries (needs public search on)" },
      },
    );
}

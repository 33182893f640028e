// MCP endpoints (Streamable HTTP, stateless): one per public site under the public access rules and limits, and
// /api/mcp for API keys over the organisation's sites. The tools themselves are in connectors/mcp-tools.ts.
import type { TrustProxy } from "../plugins/client-ip.ts";
import { t } from "elysia";
import { routeGroup } from "./route-group.ts";
import { ErrorCode } from "../../shared/errors.ts";
import { AppError } from "../errors/app-error.ts";
import { notFound } from "../errors/domain-error.ts";
import { featureEnabled, type PublicAccessGate, type PublicSite } from "../plugins/public-access.ts";
import { publicSitePlugin } from "../plugins/public-site.ts";
import { SiteParams } from "../../shared/params.ts";
import type { PublicSearchService, SearchSiteSettings } from "../search/index.ts";
import type { ChatService, ChatSite } from "../chat/index.ts";
import type { ResponseHeaders } from "../plugins/response-headers.ts";
import { buildMcpServer, handleMcpRequest } from "../connectors/index.ts";
import type { PrincipalPlugin } from "../plugins/auth.ts";

/** The site reads the endpoints need (SiteStore); search ranks with the same row. */
interface McpSite extends PublicSite, SearchSiteSettings {
  id: string;
  orgId: string;
  name: string;
  baseUrl: string;
}

const detail = { summary: "Model Context Protocol (Streamable HTTP, JSON responses): tools search and ask" };

/** Stateless servers open no event stream: GET is 405, as the Streamable HTTP transport allows. */
const noStream = ({ set }: { set: { status?: number | string; headers: ResponseHeaders } }) => {
  set.status = 405;
  set.headers.allow = "POST";
  return { error: "This MCP endpoint answers POST only (stateless, JSON responses).", code: ErrorCode.BadRequest };
};

export interface PublicMcpDeps {
  gate: PublicAccessGate<McpSite & ChatSite>;
  search: PublicSearchService;
  chat: ChatService;
  sites: { getById(siteId: string): Promise<McpSite | null> };
  trustProxy: TrustProxy;
}

export function publicMcpRoutes(deps: PublicMcpDeps, prefix = "/v1/public/sites") {
  return routeGroup(prefix, "MCP")
    .use(publicSitePlugin(deps))
    .get("/:siteId/mcp", noStream, { params: SiteParams, detail })
    .post(
      "/:siteId/mcp",
      async ({ params, body, request, ip }) => {
        const site = await deps.sites.getById(params.siteId);
        if (!site) throw notFound("Site");
        if (!featureEnabled(site.publicAccess, "search") && !featureEnabled(site.publicAccess, "chat")) {
          throw new AppError(403, ErrorCode.FeatureDisabled, "This site offers neither public search nor public chat.");
        }
        // Each tool call is admitted like the matching public request: feature switch, allowed origins, rate limit.
        const admit = (feature: "search" | "chat") => deps.gate.admitSite({ siteId: params.siteId, feature, request, ip, headers: {} });
        const mcp = buildMcpServer(site.name, {
          search: async ({ query, limit, minScore }) => {
            const admitted = await admit("search");
            const answer = await deps.search.run({
              orgId: admitted.orgId,
              ip,
              sites: [admitted],
              scope: `site:${admitted.id}`,
              query,
              limit,
              minScore,
              cacheable: true,
              withSiteIds: false,
              signal: request.signal,
            });
            return answer.response;
          },
          ask: async ({ question }) => deps.chat.ask({ site: await admit("chat"), question, ip, signal: request.signal }),
        });
        return handleMcpRequest(mcp, request, body);
      },
      { params: SiteParams, body: t.Unknown(), detail },
    );
}

export interface OrgMcpDeps {
  principal: PrincipalPlugin;
  search: PublicSearchService;
  chat: ChatService;
  sites: { get(orgId: string, siteId: string): Promise<McpSite | null>; list(orgId: string): Promise<McpSite[]> };
}

export function orgMcpRoutes(deps: OrgMcpDeps) {
  return routeGroup("/api", "MCP")
    .use(deps.principal)
    .get("/mcp", noStream, { detail })
    .post(
      "/mcp",
      async ({ principal: { orgId }, request, body }) => {
        const siteOf = async (siteId: string) => {
          const site = await deps.sites.get(orgId, siteId);
          if (!site) throw notFound("Site");
          return site;
        };
        const mcp = buildMcpServer("site-search", {
          listSites: async () => (await deps.sites.list(orgId)).map((s) => ({ siteId: s.id, name: s.name, baseUrl: s.baseUrl })),
          search: async ({ query, limit, minScore, siteId }) => {
            const sites = siteId ? [await siteOf(siteId)] : await deps.sites.list(orgId);
            if (sites.length === 0) throw notFound("Site");
            const answer = await deps.search.run({
              orgId,
              ip: "api-key",
              sites,
              scope: `org:${orgId}`,
              query,
              limit,
              minScore,
              cacheable: false,
              withSiteIds: !siteId,
              signal: request.signal,
            });
            return answer.response;
          },
          ask: async ({ question, siteId }) => deps.chat.ask({ site: await siteOf(siteId!), question, signal: request.signal }),
        });
        return handleMcpRequest(mcp, request, body);
      },
      { body: t.Unknown(), detail: { ...detail, summary: `${detail.summary}, list_sites; over the key's organisation` } },
    );
}

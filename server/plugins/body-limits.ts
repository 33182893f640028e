// How large a request body each route accepts: page ingestion alone takes 110 MB, public routes a few kilobytes.
import { Limits } from "../../shared/limits.ts";

// POST /api/sites/:siteId/pages and /organisations/:orgId/ai-search/sites/:siteId/pages.
const INGEST_PATH = /^\/(?:api|organisations\/[^/]+\/ai-search)\/sites\/[^/]+\/pages\/?$/;

export function bodyLimitFor(method: string, pathname: string): number {
  if (method === "POST" && INGEST_PATH.test(pathname)) return Limits.requestBodyBytes;
  if (pathname.startsWith("/v1/public/")) return Limits.publicBodyBytes;
  return Limits.apiBodyBytes;
}

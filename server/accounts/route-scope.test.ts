import { describe, expect, test } from "bun:test";
import { routeScope } from "./route-scope.ts";

describe("route scope", () => {
  test("each family of routes needs its action and names its site", () => {
    expect(routeScope("POST", "/api/sites/site_1/pages")).toEqual({ action: "ingest", site: { from: "path", id: "site_1" }, orgWide: false });
    expect(routeScope("GET", "/api/sites/site_1/pages")).toMatchObject({ action: "ingest" });
    expect(routeScope("POST", "/api/sites/site_1/purge")).toMatchObject({ action: "ingest" });
    expect(routeScope("POST", "/api/sites/site_1/crawl")).toMatchObject({ action: "crawl" });
    expect(routeScope("DELETE", "/api/jobs/job_1")).toEqual({ action: "crawl", site: { from: "job", id: "job_1" }, orgWide: false });
    expect(routeScope("POST", "/api/sites/site_1/search")).toMatchObject({ action: "search" });
    expect(routeScope("GET", "/api/sites/site_1/top-queries")).toMatchObject({ action: "analytics" });
    expect(routeScope("GET", "/api/analytics")).toEqual({ action: "analytics", site: { from: "query" }, orgWide: false });
    expect(routeScope("GET", "/api/usage")).toMatchObject({ action: "analytics", orgWide: true });
  });

  test("reading a site needs no action; changing one needs admin", () => {
    expect(routeScope("GET", "/api/sites")).toMatchObject({ action: null });
    expect(routeScope("GET", "/api/sites/site_1")).toMatchObject({ action: null, site: { from: "path", id: "site_1" } });
    expect(routeScope("GET", "/api/sites/site_1/refused-origins")).toMatchObject({ action: null, site: { from: "path", id: "site_1" } });
    expect(routeScope("PUT", "/api/sites/site_1")).toMatchObject({ action: "admin" });
    expect(routeScope("POST", "/api/sites")).toMatchObject({ action: "admin" });
  });

  test("organisation-scoped paths map onto the /api ones", () => {
    expect(routeScope("POST", "/organisations/org_1/ai-search/sites/site_1/pages")).toMatchObject({ action: "ingest", site: { from: "path", id: "site_1" } });
  });

  test("a route missing from the table needs admin across every site", () => {
    expect(routeScope("POST", "/api/webhooks")).toEqual({ action: "admin", site: null, orgWide: true });
  });
});

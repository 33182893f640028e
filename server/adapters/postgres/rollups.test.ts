import { expect, test } from "bun:test";
import { DAY_TOTAL_QUERY, rollUp, rollUpMonthly, rollUpOrgMonthly, type QueryEventRow } from "./rollups.ts";

const event = (siteId: string, day: string, query: string, kind: "search" | "chat" = "search", resultCount = 3): QueryEventRow => ({
  orgId: "org_1",
  siteId,
  kind,
  query,
  resultCount,
  latencyMs: 5,
  visitorHash: null,
  channel: "api",
  createdAt: new Date(`${day}T12:00:00Z`),
});

test("monthly rows sum both kinds of a query over the month's days and leave the day totals out", () => {
  const daily = rollUp([
    event("site_a", "2026-10-01", "install"),
    event("site_a", "2026-10-31", "install", "chat", 0),
    event("site_a", "2026-11-01", "install"),
    event("site_b", "2026-10-15", "install"),
  ]);
  expect(daily.some((d) => d.query === DAY_TOTAL_QUERY)).toBe(true);
  const monthly = rollUpMonthly(daily);
  expect(monthly).toEqual([
    { siteId: "site_a", orgId: "org_1", month: "2026-10-01", query: "install", count: 2, noResults: 1, clicks: 0 },
    { siteId: "site_a", orgId: "org_1", month: "2026-11-01", query: "install", count: 1, noResults: 0, clicks: 0 },
    { siteId: "site_b", orgId: "org_1", month: "2026-10-01", query: "install", count: 1, noResults: 0, clicks: 0 },
  ]);
  expect(rollUpOrgMonthly(monthly)).toEqual([
    { orgId: "org_1", month: "2026-10-01", query: "install", count: 3, noResults: 1, clicks: 0 },
    { orgId: "org_1", month: "2026-11-01", query: "install", count: 1, noResults: 0, clicks: 0 },
  ]);
});

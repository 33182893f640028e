import { describe, expect, test } from "bun:test";
import { nextCrawlText } from "./next-crawl.ts";

const now = new Date("2026-11-27T07:00:00Z");

describe("nextCrawlText", () => {
  test("names the next run in UTC and how long until it", () => {
    expect(nextCrawlText("0 3 * * 1", now)).toMatch(/^Next crawl: Mon,? 30 Nov 2026(,| at) 03:00 UTC \(in 3 days\)\.$/);
    expect(nextCrawlText("30 7 * * *", now)).toMatch(/07:30 UTC \(in 30 min\)\.$/);
    expect(nextCrawlText("0 3 * * *", now)).toMatch(/28 Nov 2026(,| at) 03:00 UTC \(in 20 h\)\.$/);
  });

  test("says plainly when there is no schedule, and null when the text is not cron", () => {
    expect(nextCrawlText("  ", now)).toContain("No scheduled crawl");
    expect(nextCrawlText("every night", now)).toBeNull();
    expect(nextCrawlText("0 3 31 2 *", now)).toBe("This expression never runs again.");
  });
});

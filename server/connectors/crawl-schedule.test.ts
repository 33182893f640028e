import { describe, expect, test } from "bun:test";
import { assertValidSchedule, isStale, nextRunAfter } from "./crawl-schedule.ts";
import { retryDelaySeconds } from "./webhook-dispatcher.ts";

const at = (iso: string) => new Date(iso);

describe("crawl schedules", () => {
  test("are read in UTC", () => {
    expect(nextRunAfter("0 3 * * *", at("2026-05-01T05:00:00Z"))).toEqual(at("2026-05-02T03:00:00Z"));
  });

  test("refuse unreadable expressions and runs closer than five minutes", () => {
    expect(() => assertValidSchedule("daily")).toThrow("crawlerConfig.schedule: must be a cron schedule of five fields");
    // croner's own wording is for programmers.
    expect(() => assertValidSchedule("daily")).not.toThrow("CronPattern");
    expect(() => assertValidSchedule("*/4 * * * *")).toThrow("more often");
    expect(() => assertValidSchedule("*/5 * * * *")).not.toThrow();
    // Uneven gaps count by their closest pair.
    expect(() => assertValidSchedule("0,2 * * * *")).toThrow("more often");
  });

  describe("staleness", () => {
    const created = at("2026-05-01T00:30:00Z");
    test("tolerates one missed run, not two", () => {
      expect(isStale("0 * * * *", at("2026-05-01T10:05:00Z"), created, at("2026-05-01T11:30:00Z"))).toBe(false);
      expect(isStale("0 * * * *", at("2026-05-01T10:05:00Z"), created, at("2026-05-01T12:00:00Z"))).toBe(true);
    });
    test("counts a never-crawled site from its creation", () => {
      expect(isStale("0 * * * *", null, created, at("2026-05-01T01:59:00Z"))).toBe(false);
      expect(isStale("0 * * * *", null, created, at("2026-05-01T02:00:00Z"))).toBe(true);
    });
    test("never applies without a schedule", () => {
      expect(isStale(undefined, null, created, at("2030-01-01T00:00:00Z"))).toBe(false);
    });
  });
});

describe("webhook retries", () => {
  test("double from the base, the first within 30 s, capped at an hour", () => {
    expect([1, 2, 3, 4].map((n) => retryDelaySeconds(10, n))).toEqual([10, 20, 40, 80]);
    expect(retryDelaySeconds(10, 11)).toBe(3600);
  });
});

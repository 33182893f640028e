import { describe, expect, test } from "bun:test";
import { parseMonth, parseRange } from "./date-range.ts";

const now = new Date("2025-03-01T00:30:00Z");

describe("parseRange", () => {
  describe("Nd", () => {
    test("covers today and the N-1 UTC days before it, whole days", () => {
      const r = parseRange("3d", now);
      expect(r.days).toEqual(["2025-02-27", "2025-02-28", "2025-03-01"]);
      expect(r.from.toISOString()).toBe("2025-02-27T00:00:00.000Z");
      expect(r.to.toISOString()).toBe("2025-03-02T00:00:00.000Z");
    });

    test("defaults to 30d", () => {
      expect(parseRange(undefined, now).label).toBe("30d");
      expect(parseRange(undefined, now).days).toHaveLength(30);
    });
  });

  describe("24h", () => {
    test("is the last 24 hours to the millisecond over the two days it touches", () => {
      const r = parseRange("24h", now);
      expect(r.granularity).toBe("hour");
      expect(r.from.toISOString()).toBe("2025-02-28T00:30:00.000Z");
      expect(r.days).toEqual(["2025-02-28", "2025-03-01"]);
    });
  });

  test("anything else is a 400 naming the accepted forms", () => {
    for (const bad of ["0d", "366d", "7", "1w", "24H", "007d"]) expect(() => parseRange(bad, now)).toThrow(/Nd with N from 1 to 365/);
  });
});

describe("parseMonth", () => {
  test("spans the whole UTC month, leap day included", () => {
    const m = parseMonth("2024-02", now);
    expect(m.from.toISOString()).toBe("2024-02-01T00:00:00.000Z");
    expect(m.to.toISOString()).toBe("2024-03-01T00:00:00.000Z");
    expect(m.days).toHaveLength(29);
  });

  test("defaults to the current UTC month and refuses other shapes", () => {
    expect(parseMonth(undefined, now).month).toBe("2025-03");
    for (const bad of ["2024-13", "2024-2", "202402"]) expect(() => parseMonth(bad, now)).toThrow(/YYYY-MM/);
  });
});

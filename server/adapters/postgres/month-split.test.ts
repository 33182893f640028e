import { describe, expect, test } from "bun:test";
import { monthOf, splitIntoMonths } from "./month-split.ts";

describe("splitIntoMonths", () => {
  test("a span inside one month has no whole month", () => {
    expect(splitIntoMonths("2026-03-05", "2026-03-20")).toEqual({ months: null, days: [{ fromDay: "2026-03-05", toDay: "2026-03-20" }] });
  });

  test("a span across one month boundary without a whole month stays days", () => {
    expect(splitIntoMonths("2026-10-25", "2026-11-23")).toEqual({ months: null, days: [{ fromDay: "2026-10-25", toDay: "2026-11-23" }] });
  });

  test("a 365-day range: loose days, eleven whole months, loose days", () => {
    expect(splitIntoMonths("2025-11-24", "2026-11-23")).toEqual({
      months: { fromMonth: "2025-12-01", toMonth: "2026-10-01" },
      days: [
        { fromDay: "2025-11-24", toDay: "2025-11-30" },
        { fromDay: "2026-11-01", toDay: "2026-11-23" },
      ],
    });
  });

  test("a span that starts on the 1st and ends on a month's last day is whole months only", () => {
    expect(splitIntoMonths("2026-01-01", "2026-02-28")).toEqual({ months: { fromMonth: "2026-01-01", toMonth: "2026-02-01" }, days: [] });
  });

  test("leap February: the 29th is its last day", () => {
    expect(splitIntoMonths("2028-02-01", "2028-02-29")).toEqual({ months: { fromMonth: "2028-02-01", toMonth: "2028-02-01" }, days: [] });
    expect(splitIntoMonths("2028-02-01", "2028-02-28").months).toBeNull();
  });

  test("across a year boundary", () => {
    expect(splitIntoMonths("2025-12-15", "2026-02-03")).toEqual({
      months: { fromMonth: "2026-01-01", toMonth: "2026-01-01" },
      days: [
        { fromDay: "2025-12-15", toDay: "2025-12-31" },
        { fromDay: "2026-02-01", toDay: "2026-02-03" },
      ],
    });
  });

  test("every day of a span is covered exactly once", () => {
    for (const [from, to] of [
      ["2025-11-24", "2026-11-23"],
      ["2026-01-31", "2026-03-01"],
      ["2026-02-01", "2026-02-01"],
    ] as const) {
      const split = splitIntoMonths(from, to);
      const covered: string[] = [];
      const walk = (a: string, b: string) => {
        for (let t = Date.parse(`${a}T00:00:00Z`); t <= Date.parse(`${b}T00:00:00Z`); t += 86_400_000) covered.push(new Date(t).toISOString().slice(0, 10));
      };
      for (const d of split.days) walk(d.fromDay, d.toDay);
      if (split.months) {
        const last = new Date(`${split.months.toMonth}T00:00:00Z`);
        walk(split.months.fromMonth, new Date(Date.UTC(last.getUTCFullYear(), last.getUTCMonth() + 1, 0)).toISOString().slice(0, 10));
      }
      covered.sort();
      const expected: string[] = [];
      for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) expected.push(new Date(t).toISOString().slice(0, 10));
      expect(covered).toEqual(expected);
    }
  });
});

test("monthOf keys a day by the first of its month", () => {
  expect(monthOf("2026-11-23")).toBe("2026-11-01");
});

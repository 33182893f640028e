import { describe, expect, test } from "bun:test";
import { QueryRecorder } from "./event-recorder.ts";
import type { ClickEventRow, QueryEventRow } from "../ports/analytics-store.ts";
import type { Logger } from "../logger.ts";

function logger() {
  const lines: string[] = [];
  const log: Logger = { debug: () => {}, info: () => {}, warn: (m) => void lines.push(m), error: (m) => void lines.push(m) };
  return { log, lines };
}

const input = {
  orgId: "org_1",
  siteId: "site_1",
  kind: "search" as const,
  query: "  Install\tGUIDE  ",
  resultCount: 2,
  latencyMs: 7.6,
  channel: "public" as const,
};

describe("QueryRecorder", () => {
  test("normalises the query and stores a salted hash instead of the address", async () => {
    const written: QueryEventRow[] = [];
    const { log } = logger();
    const recorder = new QueryRecorder({ writeQueryEvents: async (events) => void written.push(...events) }, { salt: "s", log });
    recorder.record({ ...input, ip: "203.0.113.9" });
    await recorder.flush();
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ query: "install guide", latencyMs: 8, resultCount: 2 });
    expect(written[0]!.visitorHash).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(written)).not.toContain("203.0.113.9");
  });

  test("writes in batches of maxBatch without waiting for the timer", async () => {
    const batches: number[] = [];
    const recorder = new QueryRecorder(
      { writeQueryEvents: async (events) => void batches.push(events.length) },
      { salt: "s", log: logger().log, maxBatch: 3, flushIntervalMs: 60_000 },
    );
    for (let i = 0; i < 7; i++) recorder.record(input);
    await recorder.flush();
    expect(batches).toEqual([3, 3, 1]);
  });

  test("retries a failed write once, then drops the batch with a log line and never throws", async () => {
    let calls = 0;
    const { log, lines } = logger();
    const recorder = new QueryRecorder(
      {
        writeQueryEvents: async (_e: readonly QueryEventRow[], _c: readonly ClickEventRow[]) => {
          calls++;
          throw new Error("database down");
        },
      },
      { salt: "s", log },
    );
    recorder.record(input);
    await recorder.flush();
    expect(calls).toBe(2);
    expect(lines.some((l) => l.includes("dropped 1 of 1 records"))).toBe(true);
  });
});

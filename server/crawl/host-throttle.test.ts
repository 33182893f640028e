import { describe, expect, test } from "bun:test";
import { HostThrottle } from "./host-throttle.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `count` tasks on one host, each holding its turn for `holdMs`; returns start times and peak concurrency. */
async function runMany(throttle: HostThrottle, count: number, holdMs: number, url = "https://e.com/") {
  const starts: number[] = [];
  let active = 0;
  let peak = 0;
  const t0 = Date.now();
  await Promise.all(
    Array.from({ length: count }, () =>
      throttle.run(url, async () => {
        starts.push(Date.now() - t0);
        peak = Math.max(peak, ++active);
        await sleep(holdMs);
        active--;
      }),
    ),
  );
  return { starts, peak };
}

describe("host throttle", () => {
  describe("concurrency", () => {
    test("never runs more than the limit at once on one host", async () => {
      const { peak } = await runMany(new HostThrottle({ concurrency: 2, minIntervalMs: 0 }), 6, 20);
      expect(peak).toBe(2);
    });

    test("does not make different hosts wait for each other", async () => {
      const throttle = new HostThrottle({ concurrency: 1, minIntervalMs: 100 });
      const t0 = Date.now();
      await Promise.all(["https://a.com/", "https://b.com/", "https://c.com/"].map((url) => throttle.run(url, async () => {})));
      // Waiting on each other would space the three starts 100 ms apart: 200 ms at least.
      expect(Date.now() - t0).toBeLessThan(150);
    });
  });

  describe("spacing", () => {
    test("keeps the minimum interval between request starts", async () => {
      const { starts } = await runMany(new HostThrottle({ concurrency: 4, minIntervalMs: 50 }), 3, 0);
      expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(45);
      expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(45);
    });

    test("honours Crawl-delay one request at a time, capped at maxDelayMs", async () => {
      const throttle = new HostThrottle({ concurrency: 4, minIntervalMs: 0, maxDelayMs: 60 });
      throttle.setCrawlDelay("e.com", 3600);
      const { starts, peak } = await runMany(throttle, 3, 0);
      expect(peak).toBe(1);
      expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(55);
      // Uncapped, the third start would come an hour after the first.
      expect(starts[2]!).toBeLessThan(1_000);
    });
  });

  describe("aborting", () => {
    test("rejects a waiting caller with the abort reason and lets the next one go", async () => {
      const throttle = new HostThrottle({ concurrency: 1, minIntervalMs: 0 });
      const release = await throttle.acquire("https://e.com/a");
      const controller = new AbortController();
      const aborted = throttle.acquire("https://e.com/b", controller.signal);
      const third = throttle.acquire("https://e.com/c");
      controller.abort(new Error("stop"));
      await expect(aborted).rejects.toThrow("stop");
      release();
      (await third)();
    });

    test("rejects at once when already aborted", async () => {
      const throttle = new HostThrottle();
      await expect(throttle.acquire("https://e.com/", AbortSignal.abort(new Error("gone")))).rejects.toThrow("gone");
    });
  });
});

import { describe, expect, test } from "bun:test";
import { filterInSlices, mapInSlices } from "./filter-in-slices.ts";

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe("work in slices", () => {
  test("keeps order and results", async () => {
    expect(await filterInSlices([1, 2, 3, 4, 5, 6], (n) => n % 2 === 0)).toEqual([2, 4, 6]);
    expect(await mapInSlices(["a", "b"], (s) => s.toUpperCase())).toEqual(["A", "B"]);
  });

  test("lets other work run while a long list is processed", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    // 64 items of 2 ms each: 128 ms that a plain loop would hold the event loop for.
    await mapInSlices(
      Array.from({ length: 64 }, (_, i) => i),
      () => busy(2),
    );
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(3);
  });
});

import { describe, expect, test } from "bun:test";
import { nestsWithin } from "./json-depth.ts";

describe("nestsWithin", () => {
  test("counts arrays and objects, not brackets inside strings or escaped quotes", () => {
    expect(nestsWithin('{"a":[1,{"b":2}]}', 3)).toBe(true);
    expect(nestsWithin('{"a":[1,{"b":2}]}', 2)).toBe(false);
    expect(nestsWithin('{"a":"[[[[[[\\"[[[[{{{{"}', 1)).toBe(true);
    expect(nestsWithin('["\\\\",[[]]]', 2)).toBe(false);
  });

  test("a 100,000-deep text is refused in one pass", () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    const started = performance.now();
    expect(nestsWithin(deep, 64)).toBe(false);
    expect(performance.now() - started).toBeLessThan(50);
    expect(nestsWithin("[".repeat(64) + "]".repeat(64), 64)).toBe(true);
  });
});

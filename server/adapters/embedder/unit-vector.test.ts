import { describe, expect, test } from "bun:test";
import { unitVector } from "./unit-vector.ts";

describe("unit vector", () => {
  describe("of a non-zero vector", () => {
    test("has length 1 and the same direction", () => {
      const [x, y] = unitVector([3, 4]);
      expect(x).toBeCloseTo(0.6, 12);
      expect(y).toBeCloseTo(0.8, 12);
    });
  });
  describe("of a zero vector", () => {
    test("stays zero", () => expect(unitVector([0, 0])).toEqual([0, 0]));
  });
});

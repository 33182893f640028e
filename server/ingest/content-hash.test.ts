import { describe, expect, test } from "bun:test";
import { contentHash } from "./content-hash.ts";

describe("contentHash", () => {
  test("is the SHA-256 hex of the length-prefixed parts", () => {
    expect(contentHash()).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(contentHash("abc")).toMatch(/^[0-9a-f]{64}$/);
  });
  test("tells apart parts that concatenate to the same string", () => {
    expect(contentHash("ab", "c")).not.toBe(contentHash("a", "bc"));
  });
  test("is stable for the same parts", () => {
    expect(contentHash("page", "é")).toBe(contentHash("page", "é"));
  });
});

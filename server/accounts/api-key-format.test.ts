import { describe, expect, test } from "bun:test";
import { generateApiKey, hashApiKey, hashesEqual, isWellFormedApiKey } from "./api-key-format.ts";

describe("api key format", () => {
  test("a generated live key has the brand prefix, a valid checksum and a stored hash", () => {
    const { key, prefix, hash } = generateApiKey("live");
    expect(key).toMatch(/^srch_live_[0-9A-Za-z]{36}$/);
    expect(key.startsWith(prefix)).toBe(true);
    expect(isWellFormedApiKey(key)).toBe(true);
    expect(hash).toBe(hashApiKey(key));
  });

  test("a test key is marked test", () => {
    expect(generateApiKey("test").key.startsWith("srch_test_")).toBe(true);
  });

  test("a key with one character changed fails its checksum", () => {
    const { key } = generateApiKey("live");
    const last = key.at(-8)!;
    const typo = key.slice(0, -8) + (last === "a" ? "b" : "a") + key.slice(-7);
    expect(isWellFormedApiKey(typo)).toBe(false);
  });

  test("foreign strings are not keys", () => {
    for (const s of ["", "Bearer x", `srch_prod_${"a".repeat(36)}`, "srch_live_short"]) expect(isWellFormedApiKey(s)).toBe(false);
  });

  test("hashes compare equal only to themselves", () => {
    const a = hashApiKey("one");
    expect(hashesEqual(a, hashApiKey("one"))).toBe(true);
    expect(hashesEqual(a, hashApiKey("two"))).toBe(false);
  });
});

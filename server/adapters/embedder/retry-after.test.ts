import { describe, expect, test } from "bun:test";
import { retryAfterMs } from "./retry-after.ts";

describe("Retry-After", () => {
  describe("in seconds", () => {
    test("becomes milliseconds", () => expect(retryAfterMs("3")).toBe(3000));
  });
  describe("as an HTTP date", () => {
    test("becomes the time until then", () => {
      const now = Date.parse("Wed, 21 Oct 2026 07:28:00 GMT");
      expect(retryAfterMs("Wed, 21 Oct 2026 07:28:05 GMT", now)).toBe(5000);
    });
  });
  describe("absent or unreadable", () => {
    test("is null", () => {
      expect(retryAfterMs(null)).toBeNull();
      expect(retryAfterMs("soon")).toBeNull();
    });
  });
});

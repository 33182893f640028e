import { describe, expect, test } from "bun:test";
import { synonymAlternatives } from "./synonym-expansion.ts";

describe("synonymAlternatives", () => {
  test("a multi-way set expands every one of its terms", () => {
    const sets = [{ terms: ["vhost", "virtual host"] }];
    expect(synonymAlternatives(["vhost", "setup"], sets)).toEqual(new Map([["vhost", ["virtual", "host"]]]));
    expect(synonymAlternatives(["virtual", "host"], sets)).toEqual(new Map([["virtual", ["vhost"]]]));
  });
  test("a one-way set expands its first term only", () => {
    const sets = [{ terms: ["laptop", "notebook"], oneWay: true }];
    expect(synonymAlternatives(["laptop"], sets)).toEqual(new Map([["laptop", ["notebook"]]]));
    expect(synonymAlternatives(["notebook"], sets).size).toBe(0);
  });
  test("terms are matched case-insensitively as words", () => {
    expect(synonymAlternatives(["tls"], [{ terms: ["TLS", "SSL"] }])).toEqual(new Map([["tls", ["ssl"]]]));
  });
});

import { describe, expect, test } from "bun:test";
import { checkBaseUrl } from "./base-url.ts";

describe("checkBaseUrl", () => {
  test("refuses words that are not an address, in words", () => {
    const check = checkBaseUrl("not a url");
    expect(check).toEqual({ error: expect.stringContaining("is not a web address") });
  });

  test("reads an address without a scheme as https", () => {
    expect(checkBaseUrl("docs.example.com")).toEqual({ url: "https://docs.example.com/" });
    expect(checkBaseUrl("  localhost:8080/docs ")).toEqual({ url: "https://localhost:8080/docs" });
  });

  test("keeps http when it is written", () => {
    expect(checkBaseUrl("http://intranet.example.com/wiki/")).toEqual({ url: "http://intranet.example.com/wiki/" });
  });

  test("refuses another scheme and an empty field", () => {
    expect(checkBaseUrl("ftp://files.example.com")).toEqual({ error: "The address must start with http:// or https://." });
    expect(checkBaseUrl("   ")).toEqual({ error: expect.stringContaining("Enter the address") });
  });

  test("refuses a single word", () => {
    expect(checkBaseUrl("docs")).toEqual({ error: expect.stringContaining("is not a web address") });
  });
});

import { describe, expect, test } from "bun:test";
import { checkBaseUrl } from "./base-url.ts";

describe("checkBaseUrl", () => {
  test("refuses words that are not an address, in words", () => {
    const check = checkBaseUrl("not a url");
    expect(check).toEqual({ error: expect.stringContaining("is not a web address") });
  });

  test("reads an address without a scheme as https", () => {
    expect(checkBaseUrl("docs.example.com")).toEqual({ url: "https://docs.example.com/" });
    expect(checkBaseUrl("localhost.example.com")).toEqual({ url: "https://localhost.example.com/" });
  });

  test("reads an address on this machine without a scheme as http, as a browser does", () => {
    expect(checkBaseUrl("  localhost:8080/docs ")).toEqual({ url: "http://localhost:8080/docs" });
    expect(checkBaseUrl("127.0.0.1:8000")).toEqual({ url: "http://127.0.0.1:8000/" });
    expect(checkBaseUrl("[::1]:3000")).toEqual({ url: "http://[::1]:3000/" });
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

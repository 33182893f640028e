import { describe, expect, test } from "bun:test";
import { originAllowed } from "../sites/index.ts";
import { callerOrigin } from "./public-cors.ts";
import { clientIp } from "./client-ip.ts";

describe("origin check", () => {
  test("a bare domain matches itself on any port and nothing else", () => {
    expect(originAllowed("https://example.com", ["example.com"])).toBe(true);
    expect(originAllowed("http://example.com:8080", ["example.com"])).toBe(true);
    expect(originAllowed("https://www.example.com", ["example.com"])).toBe(false);
    expect(originAllowed("https://notexample.com", ["example.com"])).toBe(false);
  });

  test("an entry with a port matches that port only", () => {
    expect(originAllowed("http://localhost:5173", ["localhost:5173"])).toBe(true);
    expect(originAllowed("http://localhost:3000", ["localhost:5173"])).toBe(false);
  });

  test("a wildcard matches subdomains at any depth but not the apex", () => {
    expect(originAllowed("https://a.example.com", ["*.example.com"])).toBe(true);
    expect(originAllowed("https://a.b.example.com", ["*.example.com"])).toBe(true);
    expect(originAllowed("https://example.com", ["*.example.com"])).toBe(false);
    expect(originAllowed("https://evilexample.com", ["*.example.com"])).toBe(false);
  });

  test("no origin is allowed, a null or non-http origin is not, and an empty list allows no browser", () => {
    expect(originAllowed(null, [])).toBe(true);
    expect(originAllowed("null", ["example.com"])).toBe(false);
    expect(originAllowed("file:///x", ["example.com"])).toBe(false);
    expect(originAllowed("https://example.com", [])).toBe(false);
  });

  test("falls back to the Referer's origin", () => {
    expect(callerOrigin(new Request("http://x/", { headers: { referer: "https://example.com/a/b?c" } }))).toBe("https://example.com");
    expect(callerOrigin(new Request("http://x/"))).toBeNull();
  });
});

describe("client address", () => {
  const server = { requestIP: () => ({ address: "10.0.0.1" }) };
  const request = new Request("http://x/", { headers: { "x-forwarded-for": "203.0.113.9, 10.0.0.2" } });

  test("is the socket's unless the proxy is trusted", () => {
    expect(clientIp(request, server, false)).toBe("10.0.0.1");
    // One trusted hop: the entry that proxy appended (the rightmost), never the client-written leftmost.
    expect(clientIp(request, server, true)).toBe("10.0.0.2");
    expect(clientIp(new Request("http://x/"), null, false)).toBe("unknown");
  });
});

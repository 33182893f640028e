import { describe, expect, test } from "bun:test";
import { parseTrustProxy } from "../trust-proxy.ts";
import { clientIp } from "./client-ip.ts";

const from = (socket: string) => ({ requestIP: () => ({ address: socket }) });
const xff = (value: string) => new Request("http://x/", { headers: { "x-forwarded-for": value } });

describe("client address", () => {
  describe("without trusted proxies", () => {
    test("is the socket's, whatever X-Forwarded-For says", () => {
      expect(clientIp(xff("203.0.113.9"), from("198.51.100.1"), false)).toBe("198.51.100.1");
    });
  });

  describe("behind a hop count", () => {
    test("one hop takes the rightmost entry, so a client-written prefix changes nothing", () => {
      expect(clientIp(xff("1.2.3.4, 203.0.113.9"), from("10.0.0.1"), 1)).toBe("203.0.113.9");
      expect(clientIp(xff("5.6.7.8, 203.0.113.9"), from("10.0.0.1"), 1)).toBe("203.0.113.9");
    });

    test("two hops take the second entry from the right", () => {
      expect(clientIp(xff("1.2.3.4, 203.0.113.9, 10.0.0.5"), from("10.0.0.1"), 2)).toBe("203.0.113.9");
    });

    test("more hops than entries take the leftmost; no header means the socket", () => {
      expect(clientIp(xff("203.0.113.9"), from("10.0.0.1"), 3)).toBe("203.0.113.9");
      expect(clientIp(new Request("http://x/"), from("10.0.0.1"), 1)).toBe("10.0.0.1");
    });
  });

  describe("behind a CIDR list", () => {
    const proxies = ["10.0.0.0/8", "fd00::/8"];

    test("skips trusted entries from the right and takes the first untrusted one", () => {
      expect(clientIp(xff("1.2.3.4, 203.0.113.9, 10.1.1.1"), from("10.0.0.1"), proxies)).toBe("203.0.113.9");
    });

    test("ignores the header when the socket is not a trusted proxy", () => {
      expect(clientIp(xff("203.0.113.9"), from("198.51.100.7"), proxies)).toBe("198.51.100.7");
    });

    test("matches IPv4-mapped IPv6 sockets and IPv6 proxies", () => {
      expect(clientIp(xff("203.0.113.9"), from("::ffff:10.0.0.1"), proxies)).toBe("203.0.113.9");
      expect(clientIp(xff("2001:db8::1, fd12::1"), from("fd00::2"), proxies)).toBe("2001:db8::1");
    });

    test("when every entry is trusted, the leftmost", () => {
      expect(clientIp(xff("10.0.0.9, 10.0.0.8"), from("10.0.0.1"), proxies)).toBe("10.0.0.9");
    });
  });

  describe("TRUST_PROXY", () => {
    test("reads off, one hop, hop counts and lists", () => {
      expect(parseTrustProxy(null)).toBe(false);
      expect(parseTrustProxy("false")).toBe(false);
      expect(parseTrustProxy("0")).toBe(false);
      expect(parseTrustProxy("true")).toBe(1);
      expect(parseTrustProxy("2")).toBe(2);
      expect(parseTrustProxy("10.0.0.0/8, 127.0.0.1,::1")).toEqual(["10.0.0.0/8", "127.0.0.1", "::1"]);
    });

    test("refuses what is neither", () => {
      expect(() => parseTrustProxy("proxy.local")).toThrow("not an IP address");
      expect(() => parseTrustProxy("10.0.0.0/40")).toThrow("bad prefix length");
      expect(() => parseTrustProxy("99")).toThrow("at most 20");
    });
  });
});

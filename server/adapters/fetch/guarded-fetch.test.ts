import { afterAll, describe, expect, test } from "bun:test";
import { FetchFailure } from "../../ports/page-fetcher.ts";
import type { LookupAll } from "./address-guard.ts";
import { guardedFetch, type FetchFunction } from "./guarded-fetch.ts";

/** A resolver that answers a public address the first time and loopback after that: DNS rebinding. */
function rebindingLookup(): LookupAll & { calls: string[] } {
  const calls: string[] = [];
  const lookup = async (hostname: string) => {
    calls.push(hostname);
    return [{ address: calls.length === 1 ? "93.184.216.34" : "127.0.0.1", family: 4 }];
  };
  return Object.assign(lookup, { calls });
}

/** Records where each hop would connect instead of connecting: no traffic may leave loopback in tests. */
function recordingFetch(responses: Response[]): FetchFunction & { hops: Array<{ url: string; host?: string; serverName?: string }> } {
  const hops: Array<{ url: string; host?: string; serverName?: string }> = [];
  const fetch: FetchFunction = async (url, init) => {
    hops.push({ url, host: (init.headers as Record<string, string> | undefined)?.host, serverName: init.tls?.serverName });
    return responses.shift() ?? new Response("done");
  };
  return Object.assign(fetch, { hops });
}

const signal = () => AbortSignal.timeout(5000);

describe("guarded fetch", () => {
  describe("against DNS rebinding", () => {
    test("connects to the address that was checked, asking DNS once per hop", async () => {
      const lookup = rebindingLookup();
      const fetch = recordingFetch([]);
      const { response, url } = await guardedFetch({ url: "https://docs.example.com/a?x=1", guard: { lookup }, maxRedirects: 3, signal: signal(), fetch });
      expect(await response.text()).toBe("done");
      expect(url).toBe("https://docs.example.com/a?x=1");
      expect(lookup.calls).toEqual(["docs.example.com"]);
      expect(fetch.hops).toEqual([{ url: "https://93.184.216.34/a?x=1", host: "docs.example.com", serverName: "docs.example.com" }]);
    });

    test("a redirect hop is resolved and checked again, and refused when the name now answers loopback", async () => {
      const lookup = rebindingLookup();
      const fetch = recordingFetch([new Response(null, { status: 302, headers: { location: "http://docs.example.com:8080/b" } })]);
      const failure = await guardedFetch({ url: "http://docs.example.com/a", guard: { lookup }, maxRedirects: 3, signal: signal(), fetch }).catch((e) => e);
      expect(failure).toBeInstanceOf(FetchFailure);
      expect((failure as FetchFailure).reason).toBe("blocked-address");
      expect(fetch.hops).toEqual([{ url: "http://93.184.216.34/a", host: "docs.example.com", serverName: undefined }]);
    });

    test("an IPv6 answer is connected in brackets", async () => {
      const fetch = recordingFetch([]);
      const lookup: LookupAll = async () => [{ address: "2606:4700:4700::1111", family: 6 }];
      await guardedFetch({ url: "http://docs.example.com:8080/", guard: { lookup }, maxRedirects: 0, signal: signal(), fetch });
      expect(fetch.hops).toEqual([{ url: "http://[2606:4700:4700::1111]:8080/", host: "docs.example.com:8080", serverName: undefined }]);
    });

    test("IPv4-embedding IPv6 literals of loopback are refused before any connection", async () => {
      for (const literal of [
        "[::ffff:0:7f00:1]",
        "[::ffff:127.0.0.1]",
        "[::127.0.0.1]",
        "[64:ff9b::7f00:1]",
        "[2002:7f00:1::1]",
        "[2001:0:4136:e378:8000:63bf:3fff:fdd2]",
      ]) {
        const fetch = recordingFetch([]);
        const failure = await guardedFetch({ url: `http://${literal}/`, guard: {}, maxRedirects: 0, signal: signal(), fetch }).catch((e) => e);
        expect((failure as FetchFailure).reason).toBe("blocked-address");
        expect(fetch.hops).toEqual([]);
      }
    });
  });

  describe("on loopback", () => {
    const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (request) => new Response(request.headers.get("host") ?? "") });
    afterAll(() => server.stop(true));

    test("a pinned hop reaches the checked address with the original Host header", async () => {
      // A trusted name is pinned like any other, so the real connection path can run against a loopback server.
      const lookup: LookupAll = async () => [{ address: "127.0.0.1", family: 4 }];
      const { response } = await guardedFetch({
        url: `http://docs.internal.test:${server.port}/x`,
        guard: { lookup, trustedHosts: ["docs.internal.test"] },
        maxRedirects: 0,
        signal: signal(),
      });
      expect(await response.text()).toBe(`docs.internal.test:${server.port}`);
    });
  });
});

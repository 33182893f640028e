import { afterAll, describe, expect, test } from "bun:test";
import { HttpFetcher } from "../adapters/fetch/http-fetcher.ts";
import { loadRobotsPolicy, parseRobots } from "./robots-policy.ts";

const UA = "site-search-bot/0.1 (+https://github.com/site-search/site-search)";

const ROBOTS = `
User-agent: *
Disallow: /private/
Crawl-delay: 2

User-agent: site-search-bot
Disallow: /no-bots/
Allow: /no-bots/except-this
Disallow: /*.pdf$
Crawl-delay: 0.5

Sitemap: https://example.com/sitemap.xml
`;

function siteServing(status: number, body = ""): Bun.Server<undefined> {
  return Bun.serve({ port: 0, fetch: () => new Response(body, { status, headers: { "content-type": "text/plain" } }) });
}

const fetcher = new HttpFetcher({ allowPrivateNetworks: true, timeoutMs: 1000 });
const fetchText = (url: string, signal?: AbortSignal) => fetcher.fetchText(url, signal);
const servers: Bun.Server<undefined>[] = [];
afterAll(() => {
  for (const s of servers) s.stop(true);
});

async function policyFor(status: number, body = "") {
  const server = siteServing(status, body);
  servers.push(server);
  const origin = `http://127.0.0.1:${server.port}`;
  return { origin, policy: await loadRobotsPolicy(origin, fetchText, UA) };
}

describe("robots policy", () => {
  describe("a robots.txt with a group for our user agent", () => {
    const policy = parseRobots("https://example.com/robots.txt", ROBOTS, UA);

    test("applies our group, not the * group", () => {
      expect(policy.isAllowed("https://example.com/no-bots/page")).toBe(false);
      expect(policy.isAllowed("https://example.com/no-bots/except-this")).toBe(true);
      expect(policy.isAllowed("https://example.com/private/page")).toBe(true);
      expect(policy.isAllowed("https://example.com/files/a.pdf")).toBe(false);
      expect(policy.isAllowed("https://example.com/")).toBe(true);
    });

    test("reads our crawl delay and the sitemaps", () => {
      expect(policy.crawlDelaySeconds).toBe(0.5);
      expect(policy.sitemaps).toEqual(["https://example.com/sitemap.xml"]);
      expect(policy.source).toBe("loaded");
    });

    test("has no say over another origin", () => {
      expect(policy.isAllowed("https://other.example/no-bots/page")).toBe(true);
    });
  });

  describe("loading from a server", () => {
    test("applies the rules it serves", async () => {
      const { origin, policy } = await policyFor(200, "User-agent: *\nDisallow: /secret\n");
      expect(policy.isAllowed(`${origin}/secret/x`)).toBe(false);
      expect(policy.isAllowed(`${origin}/open`)).toBe(true);
    });

    test("allows everything when robots.txt is missing or forbidden", async () => {
      for (const status of [404, 410, 403]) {
        const { origin, policy } = await policyFor(status);
        expect(policy.source).toBe("missing");
        expect(policy.isAllowed(`${origin}/anything`)).toBe(true);
      }
    });

    test("disallows everything when robots.txt fails with 5xx or 429", async () => {
      for (const status of [500, 503, 429]) {
        const { origin, policy } = await policyFor(status);
        expect(policy.source).toBe("unreachable");
        expect(policy.isAllowed(`${origin}/`)).toBe(false);
      }
    });

    test("disallows everything when the server cannot be reached", async () => {
      const server = siteServing(200);
      const origin = `http://127.0.0.1:${server.port}`;
      server.stop(true);
      const policy = await loadRobotsPolicy(origin, fetchText, UA);
      expect(policy.source).toBe("unreachable");
      expect(policy.isAllowed(`${origin}/`)).toBe(false);
    });
  });
});

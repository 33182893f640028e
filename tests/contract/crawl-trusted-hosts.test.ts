// CRAWL_TRUSTED_HOSTS: a host the operator names is crawled although it resolves to a private address; every other
// private address stays blocked.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { crawlOnce, crawlTestContext, indexedPaths, newCrawlSite } from "../fixtures/crawl-test-helpers.ts";
import { loadConfig } from "../../server/config.ts";

let server: ReturnType<typeof Bun.serve>;
beforeAll(() => {
  server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: (request) =>
      new URL(request.url).pathname === "/"
        ? new Response("<html><head><title>Intranet docs</title></head><body><main><h1>Intranet</h1><p>Internal handbook.</p></main></body></html>", {
            headers: { "content-type": "text/html" },
          })
        : new Response("not found", { status: 404 }),
  });
});
afterAll(() => server.stop(true));

describe("CRAWL_TRUSTED_HOSTS", () => {
  test("is read as a list of host names", () => {
    expect(loadConfig({ CRAWL_TRUSTED_HOSTS: "Docs.Internal, 127.0.0.1" }).crawl.trustedHosts).toEqual(["docs.internal", "127.0.0.1"]);
    expect(loadConfig({}).crawl.trustedHosts).toEqual([]);
  });

  for (const [name, env, expected] of [
    ["a trusted private host is crawled", { CRAWL_TRUSTED_HOSTS: "127.0.0.1" }, ["/"]],
    ["without it the private address is refused", {}, []],
  ] as const) {
    test(name, async () => {
      const ctx = await crawlTestContext({ CRAWL_ALLOW_PRIVATE_NETWORKS: "false", ...env });
      try {
        const site = await newCrawlSite(ctx, `http://127.0.0.1:${server.port}/`);
        await crawlOnce(ctx, site);
        expect(await indexedPaths(ctx, site.siteId)).toEqual([...expected]);
      } finally {
        await ctx.close();
      }
    }, 60_000);
  }
});

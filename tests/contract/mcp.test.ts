import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { rejection } from "../fixtures/rejection.ts";

let ctx: TestContext;
let server: ReturnType<typeof Bun.serve>;
let origin: string;

beforeAll(async () => {
  ctx = await createTestContext({}, { embedder: null });
  // Real HTTP on loopback: the SDK's own client transport talks to the app.
  server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: (request) => ctx.app.handle(request) });
  origin = `http://127.0.0.1:${server.port}`;
}, 90_000);
afterAll(async () => {
  server.stop(true);
  await ctx.close();
});

async function siteWithPages(access: Record<string, unknown>, rateLimits?: Record<string, unknown>) {
  const org = await ctx.createOrg();
  const site = (await ctx.request("POST", "/api/sites", { key: org.key, body: { name: "Orchard Docs", baseUrl: "https://docs.example.com/" } })).body;
  await ctx.request("POST", `/api/sites/${site.siteId}/pages`, {
    key: org.key,
    body: {
      pages: [
        {
          url: "https://docs.example.com/pruning",
          content: "<h1>Pruning apple trees</h1><p>Prune apple trees in late winter, when the trees are dormant, cutting crossing branches first.</p>",
        },
        {
          url: "https://docs.example.com/quinces",
          content: "<h1>Harvesting quinces</h1><p>Quinces are harvested in late autumn when they turn golden and smell fragrant.</p>",
        },
      ],
    },
  });
  const update = await ctx.request("PUT", `/api/sites/${site.siteId}`, { key: org.key, body: { publicAccess: access, ...(rateLimits ? { rateLimits } : {}) } });
  expect(update.status).toBe(200);
  return { ...org, siteId: site.siteId as string };
}

async function connect(path: string, headers: Record<string, string> = {}) {
  const client = new Client({ name: "test-assistant", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${origin}${path}`), { requestInit: { headers } }));
  return client;
}

const text = (result: any) => result.content.map((c: any) => c.text).join("\n");

describe("MCP", () => {
  describe("a public site's endpoint", () => {
    test("lists search and ask, and both answer from the site's pages", async () => {
      const site = await siteWithPages({ enabled: true, searchEnabled: true, chatEnabled: true });
      const client = await connect(`/v1/public/sites/${site.siteId}/mcp`);
      try {
        const tools = (await client.listTools()).tools.map((t) => t.name).sort();
        expect(tools).toEqual(["ask", "search"]);
        const found = await client.callTool({ name: "search", arguments: { query: "quinces autumn", limit: 3, minScore: 0 } });
        expect(found.isError).toBeFalsy();
        expect(text(found)).toContain("https://docs.example.com/quinces");
        expect((found.structuredContent as any).results[0].url).toBe("https://docs.example.com/quinces");
        const answer = await client.callTool({ name: "ask", arguments: { question: "When are apple trees pruned?" } });
        expect(answer.isError).toBeFalsy();
        expect(text(answer)).toContain("https://docs.example.com/pruning");
      } finally {
        await client.close();
      }
    }, 20_000);

    test("follows the site's switches: ask is refused when only search is public", async () => {
      const site = await siteWithPages({ enabled: true, searchEnabled: true, chatEnabled: false });
      const client = await connect(`/v1/public/sites/${site.siteId}/mcp`);
      try {
        const answer = await client.callTool({ name: "ask", arguments: { question: "When are apple trees pruned?" } });
        expect(answer.isError).toBe(true);
        expect(text(answer).toLowerCase()).toContain("chat");
      } finally {
        await client.close();
      }
    });

    test("is refused as a whole when nothing is public, and for an unknown site", async () => {
      const site = await siteWithPages({ enabled: false });
      await rejection(connect(`/v1/public/sites/${site.siteId}/mcp`));
      const res = await fetch(`${origin}/v1/public/sites/site_nope/mcp`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
      expect(res.status).toBe(404);
    });

    test("counts each search against the site's per-visitor search limit", async () => {
      const site = await siteWithPages({ enabled: true, searchEnabled: true }, { searchPerMinute: 1 });
      const client = await connect(`/v1/public/sites/${site.siteId}/mcp`);
      try {
        expect((await client.callTool({ name: "search", arguments: { query: "apple" } })).isError).toBeFalsy();
        const limited = await client.callTool({ name: "search", arguments: { query: "quince" } });
        expect(limited.isError).toBe(true);
        expect(text(limited).toLowerCase()).toContain("rate limit");
      } finally {
        await client.close();
      }
    });

    test("counts each question against the site's daily chat budget, like /chat", async () => {
      const site = await siteWithPages({ enabled: true, searchEnabled: true, chatEnabled: true }, { chatRequestsPerDay: 1 });
      const client = await connect(`/v1/public/sites/${site.siteId}/mcp`);
      try {
        expect((await client.callTool({ name: "ask", arguments: { question: "When are apple trees pruned?" } })).isError).toBeFalsy();
        const spent = await client.callTool({ name: "ask", arguments: { question: "When are quinces harvested?" } });
        expect(spent.isError).toBe(true);
        expect(text(spent)).toContain("chat budget");
        const http = await ctx.request("POST", `/v1/public/sites/${site.siteId}/chat`, { body: { query: "When are quinces harvested?" } });
        expect(http.status).toBe(429);
        const usage = await ctx.request("GET", `/api/sites/${site.siteId}/usage`, { key: site.key });
        expect(usage.body.chatBudget.requests).toBe(1);
      } finally {
        await client.close();
      }
    });
  });

  describe("the organisation endpoint", () => {
    test("needs an API key, and then searches and asks over the organisation's sites", async () => {
      const site = await siteWithPages({ enabled: false });
      await rejection(connect("/api/mcp"));
      const client = await connect("/api/mcp", { authorization: `Bearer ${site.key}` });
      try {
        expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(["ask", "list_sites", "search"]);
        const sites = await client.callTool({ name: "list_sites", arguments: {} });
        expect((sites.structuredContent as any).sites).toEqual([{ siteId: site.siteId, name: "Orchard Docs", baseUrl: "https://docs.example.com/" }]);
        const found = await client.callTool({ name: "search", arguments: { query: "pruning apple trees", minScore: 0 } });
        expect((found.structuredContent as any).results[0]).toMatchObject({ url: "https://docs.example.com/pruning", siteId: site.siteId });
        const answer = await client.callTool({ name: "ask", arguments: { siteId: site.siteId, question: "When are quinces harvested?" } });
        expect(text(answer)).toContain("https://docs.example.com/quinces");
        // Another organisation's site, or none, is the same "not found".
        const foreign = await client.callTool({ name: "ask", arguments: { siteId: "site_elsewhere", question: "anything" } });
        expect(foreign.isError).toBe(true);
      } finally {
        await client.close();
      }
    }, 20_000);
  });

  describe("llms.txt", () => {
    test("lists the site's pages with titles, addresses and summaries", async () => {
      const site = await siteWithPages({ enabled: true, searchEnabled: true });
      await ctx.request("POST", `/api/sites/${site.siteId}/pages`, {
        key: site.key,
        body: {
          pages: [
            {
              url: "https://docs.example.com/plums",
              title: "Plums [guide]",
              summary: "Picking plums in August.",
              content: "Plums ripen in August and are picked by hand.",
            },
          ],
        },
      });
      const res = await fetch(`${origin}/v1/public/sites/${site.siteId}/llms.txt`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toStartWith("text/plain");
      const body = await res.text();
      expect(body).toStartWith("# Orchard Docs\n");
      expect(body).toContain("## Pages");
      expect(body).toContain("- [Plums \\[guide\\]](https://docs.example.com/plums): Picking plums in August.");
      expect(body).toContain("(https://docs.example.com/pruning)");
      expect(body).toContain("(https://docs.example.com/quinces)");
    });

    test("is refused when public search is off", async () => {
      const site = await siteWithPages({ enabled: true, searchEnabled: false, chatEnabled: true });
      const res = await fetch(`${origin}/v1/public/sites/${site.siteId}/llms.txt`);
      expect(res.status).toBe(403);
      expect((await fetch(`${origin}/v1/public/sites/site_nope/llms.txt`)).status).toBe(404);
    });
  });
});

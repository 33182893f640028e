import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

async function newSite(plan: "free" | "pro" | "enterprise" = "pro") {
  const org = await ctx.createOrg(plan);
  const site = await ctx.request("POST", "/api/sites", { key: org.key, body: { name: "Docs", baseUrl: "https://docs.example.com" } });
  return { ...org, siteId: site.body.siteId as string };
}

const html = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title><meta name="description" content="About ${title}"></head>
   <body><nav><a href="/">Home</a> | <a href="/about">About us</a> | Site navigation menu</nav>
   <main><h1>${title}</h1><p>${body}</p></main><footer>Copyright 2026 Example Corp. All rights reserved.</footer></body></html>`;

describe("ingest", () => {
  describe("a batch of good pages", () => {
    test("processes them, makes the site ready and lists them", async () => {
      const { key, siteId } = await newSite();
      const res = await ctx.request("POST", `/api/sites/${siteId}/pages`, {
        key,
        body: {
          pages: [
            { url: "https://docs.example.com/install", content: html("Installing", "Download the package and run the installer on Linux.") },
            {
              url: "https://docs.example.com/plain",
              content: "Plain text about configuring virtual hosts.",
              title: "Virtual hosts",
              summary: "How to configure them",
              tags: ["vhost"],
            },
          ],
        },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ processed: 2, skipped: 0, errors: [] });
      const site = await ctx.request("GET", `/api/sites/${siteId}`, { key });
      expect(site.body.status).toBe("ready");
      expect(site.body.pageCount).toBe(2);
      const list = await ctx.request("GET", `/api/sites/${siteId}/pages`, { key });
      expect(list.body.items.map((p: any) => p.url)).toEqual(["https://docs.example.com/install", "https://docs.example.com/plain"]);
      const plain = list.body.items[1];
      expect(plain).toMatchObject({ title: "Virtual hosts", summary: "How to configure them", tags: ["vhost"] });
      expect(Number.isInteger(plain.indexedAt)).toBe(true);
    });

    test("extracts the title from HTML and strips navigation and footer from the chunks", async () => {
      const { key, siteId } = await newSite();
      await ctx.request("POST", `/api/sites/${siteId}/pages`, {
        key,
        body: { pages: [{ url: "https://docs.example.com/a", content: html("Alpha guide", "Alpha body text about modules.") }] },
      });
      const list = await ctx.request("GET", `/api/sites/${siteId}/pages`, { key });
      expect(list.body.items[0].title).toBe("Alpha guide");
      const chunks = await ctx.db.query.chunks.findMany({ where: (c, { eq }) => eq(c.siteId, siteId) });
      const text = chunks.map((c) => c.text).join("\n");
      expect(text).toContain("Alpha body text");
      expect(text).not.toContain("Copyright 2026");
      expect(text).not.toContain("Site navigation menu");
    });
  });

  describe("re-ingesting", () => {
    test("the same content is skipped", async () => {
      const { key, siteId } = await newSite();
      const page = { url: "https://docs.example.com/x", content: "Some stable content about caching." };
      await ctx.request("POST", `/api/sites/${siteId}/pages`, { key, body: { pages: [page] } });
      const again = await ctx.request("POST", `/api/sites/${siteId}/pages`, { key, body: { pages: [page] } });
      expect(again.body).toEqual({ processed: 0, skipped: 1, errors: [] });
    });

    test("new content replaces the page and its chunks", async () => {
      const { key, siteId } = await newSite();
      const url = "https://docs.example.com/x";
      await ctx.request("POST", `/api/sites/${siteId}/pages`, { key, body: { pages: [{ url, content: "Old words about elephants." }] } });
      await ctx.request("POST", `/api/sites/${siteId}/pages`, { key, body: { pages: [{ url, content: "New words about giraffes." }] } });
      const chunks = await ctx.db.query.chunks.findMany({ where: (c, { eq }) => eq(c.siteId, siteId) });
      const text = chunks.map((c) => c.text).join(" ");
      expect(text).toContain("giraffes");
      expect(text).not.toContain("elephants");
      expect((await ctx.request("GET", `/api/sites/${siteId}`, { key })).body.pageCount).toBe(1);
    });
  });

  describe("bad pages", () => {
    test("are reported in errors while the rest of the batch is processed", async () => {
      const { key, siteId } = await newSite();
      const res = await ctx.request("POST", `/api/sites/${siteId}/pages`, {
        key,
        body: {
          pages: [
            { content: "no url here" },
            { url: "not a url", content: "x" },
            { url: "https://docs.example.com/big", content: "a".repeat(1_000_001) },
            { url: "https://docs.example.com/empty", content: "   " },
            { url: "https://docs.example.com/ok", content: "Fine content." },
          ],
        },
      });
      expect(res.status).toBe(200);
      expect(res.body.processed).toBe(1);
      expect(res.body.errors).toHaveLength(4);
      expect(res.body.errors[0].url).toBeNull();
      expect(res.body.errors[0].error).toContain("url");
      expect(res.body.errors[2]).toMatchObject({ url: "https://docs.example.com/big" });
      expect(res.body.errors[2].error).toContain("1000000");
    });

    test("more than 100 pages is 400 and nothing is stored", async () => {
      const { key, siteId } = await newSite();
      const pages = Array.from({ length: 101 }, (_, i) => ({ url: `https://docs.example.com/${i}`, content: `page ${i}` }));
      const res = await ctx.request("POST", `/api/sites/${siteId}/pages`, { key, body: { pages } });
      expect(res.status).toBe(400);
      expect(res.body.error).toContain("pages");
      expect((await ctx.request("GET", `/api/sites/${siteId}/pages`, { key })).body.items).toEqual([]);
    });

    test("a free organisation gets 403 with the plan message and its pages stay", async () => {
      const { key, siteId } = await newSite("free").catch(() => ({ key: "", siteId: "" }));
      // Free organisations cannot create sites through the API either; set one up as a pro org and downgrade it.
      const org = await ctx.createOrg("pro");
      const site = await ctx.request("POST", "/api/sites", { key: org.key, body: { name: "F", baseUrl: "https://f.example.com" } });
      await ctx.request("POST", `/api/sites/${site.body.siteId}/pages`, {
        key: org.key,
        body: { pages: [{ url: "https://f.example.com/a", content: "kept" }] },
      });
      await ctx.parts.stores.accounts.setPlan(org.orgId, "free");
      const res = await ctx.request("POST", `/api/sites/${site.body.siteId}/pages`, {
        key: org.key,
        body: { pages: [{ url: "https://f.example.com/b", content: "x" }] },
      });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe("API access requires Pro or Enterprise plan");
      const del = await ctx.request("DELETE", `/api/sites/${site.body.siteId}/pages`, { key: org.key, body: { urls: ["https://f.example.com/a"] } });
      expect(del.status).toBe(403);
      expect((await ctx.request("GET", `/api/sites/${site.body.siteId}/pages`, { key: org.key })).body.items).toHaveLength(1);
      void key;
      void siteId;
    });

    test("another organisation's site is 404", async () => {
      const { siteId } = await newSite();
      const other = await ctx.createOrg("pro");
      const res = await ctx.request("POST", `/api/sites/${siteId}/pages`, {
        key: other.key,
        body: { pages: [{ url: "https://x.example.com/", content: "x" }] },
      });
      expect(res.status).toBe(404);
    });
  });
});

describe("listing pages", () => {
  test("pages through with a cursor without duplicates or gaps while pages are added", async () => {
    const { key, siteId } = await newSite();
    const urls = Array.from({ length: 7 }, (_, i) => `https://docs.example.com/p${i}`);
    await ctx.request("POST", `/api/sites/${siteId}/pages`, { key, body: { pages: urls.map((url) => ({ url, content: `content of ${url}` })) } });
    const first = await ctx.request("GET", `/api/sites/${siteId}/pages?limit=3`, { key });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.nextCursor).toBe(urls[2]);
    // A page added before the cursor must not shift the next page.
    await ctx.request("POST", `/api/sites/${siteId}/pages`, { key, body: { pages: [{ url: "https://docs.example.com/a-first", content: "early" }] } });
    const seen = [...first.body.items.map((p: any) => p.url)];
    let cursor = first.body.nextCursor;
    while (cursor) {
      const next = await ctx.request("GET", `/api/sites/${siteId}/pages?limit=3&cursor=${encodeURIComponent(cursor)}`, { key });
      seen.push(...next.body.items.map((p: any) => p.url));
      cursor = next.body.nextCursor;
    }
    expect(seen).toEqual(urls);
  });

  test("filters by title or URL with search", async () => {
    const { key, siteId } = await newSite();
    await ctx.request("POST", `/api/sites/${siteId}/pages`, {
      key,
      body: {
        pages: [
          { url: "https://docs.example.com/ssl", content: "x", title: "TLS setup" },
          { url: "https://docs.example.com/logs", content: "y", title: "Log files" },
        ],
      },
    });
    const res = await ctx.request("GET", `/api/sites/${siteId}/pages?search=tls`, { key });
    expect(res.body.items.map((p: any) => p.url)).toEqual(["https://docs.example.com/ssl"]);
  });

  for (const limit of ["101", "0", "2.5", "abc"]) {
    test(`limit=${limit} is 400 with an error body`, async () => {
      const { key, siteId } = await newSite();
      const res = await ctx.request("GET", `/api/sites/${siteId}/pages?limit=${limit}`, { key });
      expect(res.status).toBe(400);
      expect(res.body.error).toContain("limit");
    });
  }

  test("limit=100 is accepted", async () => {
    const { key, siteId } = await newSite();
    expect((await ctx.request("GET", `/api/sites/${siteId}/pages?limit=100`, { key })).status).toBe(200);
  });
});

describe("deleting pages", () => {
  async function seeded() {
    const s = await newSite();
    const urls = ["https://docs.example.com/blog/a", "https://docs.example.com/blog/2024/b", "https://docs.example.com/docs/c"];
    await ctx.request("POST", `/api/sites/${s.siteId}/pages`, { key: s.key, body: { pages: urls.map((url) => ({ url, content: `text ${url}` })) } });
    return s;
  }
  const remaining = async (s: { key: string; siteId: string }) =>
    (await ctx.request("GET", `/api/sites/${s.siteId}/pages`, { key: s.key })).body.items.map((p: any) => p.url);

  test("by exact urls", async () => {
    const s = await seeded();
    const res = await ctx.request("DELETE", `/api/sites/${s.siteId}/pages`, { key: s.key, body: { urls: ["https://docs.example.com/docs/c"] } });
    expect(res.body).toEqual({ success: true, deletedCount: 1 });
    expect(await remaining(s)).toEqual(["https://docs.example.com/blog/2024/b", "https://docs.example.com/blog/a"]);
  });

  test("by glob pattern", async () => {
    const s = await seeded();
    const res = await ctx.request("DELETE", `/api/sites/${s.siteId}/pages`, { key: s.key, body: { pattern: "/blog/**" } });
    expect(res.body.deletedCount).toBe(2);
    expect(await remaining(s)).toEqual(["https://docs.example.com/docs/c"]);
  });

  test("by regex pattern", async () => {
    const s = await seeded();
    const res = await ctx.request("DELETE", `/api/sites/${s.siteId}/pages`, { key: s.key, body: { pattern: "/\\/(a|c)$/" } });
    expect(res.body.deletedCount).toBe(2);
  });

  test("a bad regex is 400 and nothing is deleted", async () => {
    const s = await seeded();
    const res = await ctx.request("DELETE", `/api/sites/${s.siteId}/pages`, { key: s.key, body: { pattern: "/([a-/" } });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain("regular expression");
    expect(await remaining(s)).toHaveLength(3);
  });

  test("the organisation-scoped form deletes one exact url", async () => {
    const s = await seeded();
    const res = await ctx.request("DELETE", `/organisations/${s.orgId}/ai-search/sites/${s.siteId}/pages`, {
      key: s.key,
      body: { url: "https://docs.example.com/blog/a" },
    });
    expect(res.status).toBe(200);
    expect(await remaining(s)).toHaveLength(2);
  });

  test("purge removes every page, the site stays and goes back to pending", async () => {
    const s = await seeded();
    const res = await ctx.request("POST", `/api/sites/${s.siteId}/purge`, { key: s.key });
    expect(res.body).toEqual({ success: true, deletedCount: 3 });
    const site = await ctx.request("GET", `/api/sites/${s.siteId}`, { key: s.key });
    expect(site.status).toBe(200);
    expect(site.body).toMatchObject({ pageCount: 0, status: "pending" });
  });
});

describe("organisation-scoped ingest", () => {
  test("answers {processed, skipped, errors}", async () => {
    const s = await newSite();
    const res = await ctx.request("POST", `/organisations/${s.orgId}/ai-search/sites/${s.siteId}/pages`, {
      key: s.key,
      body: { pages: [{ url: "https://docs.example.com/o", content: "org scoped" }] },
    });
    expect(res.body).toEqual({ processed: 1, skipped: 0, errors: [] });
  });
});

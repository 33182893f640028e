// One organisation's large page write does not hold another organisation's search. On PostgreSQL
// that is MVCC; on embedded PGlite, which has one session, the search's reads run between the write's statements
// (adapters/postgres/pglite-guest-reads.ts), which works only if every read of the search says its sites. A search of
// the site being written still sees the page before or after, never half of it.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { addPages, createPublicSite } from "../fixtures/search-pages.ts";
import type { PageWrite } from "../../server/ports/document-store.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 180_000);
afterAll(() => ctx.close());

const SECTIONS = 2_000;

function heavyPage(siteId: string, version: string): PageWrite {
  return {
    siteId,
    url: "https://docs.example.com/reference",
    title: "Reference",
    summary: "",
    tags: [],
    metadata: {},
    contentHash: `reference-${version}`,
    source: "api",
    chunks: Array.from({ length: SECTIONS }, (_, i) => ({
      position: i,
      headingPath: ["Reference", `Option ${i}`],
      anchor: null,
      text: `Option ${i} sets value ${i} in release ${version}.`,
      searchText: `Reference Option ${i} sets value ${i} in release ${version}.`,
      contentHash: `${version}-${i}`,
    })),
  };
}

const search = (siteId: string, q: string) =>
  ctx.request("GET", `/v1/public/sites/${siteId}/search?q=${encodeURIComponent(q)}&limit=5`, { headers: { origin: "https://docs.example.com" } });

describe("a search while another organisation writes a large page", () => {
  test("answers before the write commits, and a search of the written site sees one version whole", async () => {
    const writer = await createPublicSite(ctx);
    const reader = await createPublicSite(ctx);
    await addPages(ctx, reader.siteId, [
      { url: "https://docs.example.com/install", title: "Install", sections: [{ heading: "Install", text: "Install the server." }] },
    ]);
    await ctx.parts.stores.documents.replacePage(heavyPage(writer.siteId, "one"));
    expect((await search(reader.siteId, "install")).status).toBe(200);

    const order: string[] = [];
    const write = ctx.parts.stores.documents.replacePage(heavyPage(writer.siteId, "two")).then(() => order.push("write committed"));
    // Let the write begin: 2,000 rows take PGlite well over the 20 ms waited here.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const other = search(reader.siteId, "install").then((res) => {
      order.push("other site's search answered");
      return res;
    });
    const own = search(writer.siteId, "option 1999 release");
    const [otherRes, ownRes] = await Promise.all([other, own, write]);
    expect(otherRes.status).toBe(200);
    expect(otherRes.body.results.map((r: { url: string }) => r.url)).toEqual(["https://docs.example.com/install"]);
    // On PostgreSQL the search never waits, but a fast server may also finish the write first.
    if (ctx.databaseKind === "pglite") expect(order[0]).toBe("other site's search answered");
    expect(ownRes.status).toBe(200);
    const texts = JSON.stringify(ownRes.body.results);
    // Before the write or after it, never a mixture or an empty page.
    expect(texts.includes("release one") !== texts.includes("release two")).toBe(true);
  }, 120_000);
});

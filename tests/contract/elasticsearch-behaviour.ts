// Behaviour every Elasticsearch the adapter talks to must show, the loopback fake and a live cluster alike:
// index, find by stemmed words with the title ranked first, filter by site, delete by page and by site.
import { describe, expect, test } from "bun:test";
import type { ElasticsearchLexicalIndex, IndexableChunk } from "../../server/adapters/elasticsearch/lexical-index.ts";

let seq = 0;
export function chunk(over: Partial<IndexableChunk> & Pick<IndexableChunk, "siteId" | "pageId">): IndexableChunk {
  seq += 1;
  return {
    chunkId: `chk_b${seq}_${Math.random().toString(36).slice(2, 8)}`,
    url: `https://docs.example.com/${over.pageId}`,
    title: "",
    headingPath: [],
    text: "",
    tags: [],
    metadata: {},
    ...over,
  };
}

/** `index` must write with refresh so a search right after a write sees it. */
export function describeLexicalBehaviour(name: string, index: () => ElasticsearchLexicalIndex, opts: { skip?: boolean } = {}) {
  describe.skipIf(opts.skip ?? false)(name, () => {
    const site = () => `site_${Math.random().toString(36).slice(2, 10)}`;

    test("finds a chunk by another form of the same word", async () => {
      const siteId = site();
      const doc = chunk({ siteId, pageId: "p1", title: "Setup", text: "How to install the command line tool." });
      await index().upsertChunks([doc]);
      const { hits } = await index().search({ siteIds: [siteId], query: "installing", limit: 5 });
      expect(hits.map((h) => h.chunkId)).toEqual([doc.chunkId]);
      expect(hits[0]!.score).toBeGreaterThan(0);
    });

    test("honours planned terms: a correction finds the word, a phrase must occur, an excluded word must not", async () => {
      const siteId = site();
      const a = chunk({ siteId, pageId: "p1", text: "Name based virtual hosting." });
      const b = chunk({ siteId, pageId: "p2", text: "Based on the name of the virtual host." });
      const c = chunk({ siteId, pageId: "p3", text: "Name based virtual hosting with SSL." });
      await index().upsertChunks([a, b, c]);
      const terms = { words: [["virtaul", "virtual"]], phrases: [["name", "based"]], excluded: ["ssl"] };
      const { hits } = await index().search({ siteIds: [siteId], query: 'virtaul "name based" -ssl', terms, limit: 5 });
      expect(hits.map((h) => h.chunkId)).toEqual([a.chunkId]);
      const loose = await index().search({
        siteIds: [siteId],
        query: "virtaul",
        terms: { words: [["virtaul", "virtual"]], phrases: [], excluded: [] },
        limit: 5,
      });
      expect(loose.hits.length).toBe(3);
    });

    test("ranks a title match above a body match", async () => {
      const siteId = site();
      const inTitle = chunk({ siteId, pageId: "p1", title: "Billing", text: "Invoices are sent monthly by email." });
      const inBody = chunk({ siteId, pageId: "p2", title: "Accounts", text: "Your account page links to billing details." });
      await index().upsertChunks([inBody, inTitle]);
      const { hits } = await index().search({ siteIds: [siteId], query: "billing", limit: 5 });
      expect(hits.map((h) => h.chunkId)).toEqual([inTitle.chunkId, inBody.chunkId]);
    });

    test("returns only chunks of the sites asked for", async () => {
      const [a, b] = [site(), site()];
      const mine = chunk({ siteId: a, pageId: "p1", text: "webhooks deliver events" });
      await index().upsertChunks([mine, chunk({ siteId: b, pageId: "p1", text: "webhooks deliver events" })]);
      const { hits } = await index().search({ siteIds: [a], query: "webhooks", limit: 5 });
      expect(hits.map((h) => h.chunkId)).toEqual([mine.chunkId]);
    });

    test("forgets a deleted page and keeps the others", async () => {
      const siteId = site();
      const gone = chunk({ siteId, pageId: "gone", text: "pagination cursor" });
      const kept = chunk({ siteId, pageId: "kept", text: "pagination limit" });
      await index().upsertChunks([gone, kept]);
      await index().deletePages({ siteId, pageIds: ["gone"] });
      const { hits } = await index().search({ siteIds: [siteId], query: "pagination", limit: 5 });
      expect(hits.map((h) => h.chunkId)).toEqual([kept.chunkId]);
    });

    test("forgets every chunk of a deleted site", async () => {
      const [gone, kept] = [site(), site()];
      const other = chunk({ siteId: kept, pageId: "p1", text: "rate limits" });
      await index().upsertChunks([chunk({ siteId: gone, pageId: "p1", text: "rate limits" }), other]);
      await index().deleteSite({ siteId: gone });
      const { hits } = await index().search({ siteIds: [gone, kept], query: "rate limits", limit: 5 });
      expect(hits.map((h) => h.chunkId)).toEqual([other.chunkId]);
    });

    test("replaces a page's chunks with its current ones", async () => {
      const siteId = site();
      // Page ids are unique across sites, and replacing a page deletes by page id alone.
      const pageId = `page_${siteId}`;
      const old = chunk({ siteId, pageId, text: "deprecated endpoint" });
      await index().upsertChunks([old]);
      const current = chunk({ siteId, pageId, text: "current endpoint" });
      await index().replacePages({ pageIds: [pageId], chunks: [current] });
      const { hits } = await index().search({ siteIds: [siteId], query: "endpoint", limit: 5 });
      expect(hits.map((h) => h.chunkId)).toEqual([current.chunkId]);
    });
  });
}

// The embedding queue's jobs on the job queue (kind `embed`, one per site with chunks waiting): a page write queues its
// site's job once, a job whose worker died is taken over when its lease lapses, organisations' sites take turns in the
// background runner, the sweep gives a job back to a site left without one, and a site deleted under its job goes quietly.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { addPages, createPublicSite, numberedPages } from "../fixtures/search-pages.ts";
import { rows } from "../../server/adapters/postgres/database.ts";
import { EmbeddingQueue } from "../../server/ingest/embedding-queue.ts";
import { embedJobKind } from "../../server/ports/embedding-store.ts";
import type { Embedder } from "../../server/ports/embedder.ts";
import type { Logger } from "../../server/logger.ts";

/** Stands in for the model (not for our storage): records each batch's first text, in order, after an optional delay. */
function recordingEmbedder(model: string, delayMs = 0): Embedder & { batches: string[] } {
  const batches: string[] = [];
  return {
    model,
    dimensions: 4,
    batches,
    embed: async ({ texts }) => {
      if (delayMs) await Bun.sleep(delayMs);
      batches.push(texts[0]!);
      return { vectors: texts.map(() => [0, 0, 1, 0]), tokens: 0, ms: 0 };
    },
    ready: async () => {},
  };
}

function recordingLog(): Logger & { problems: string[] } {
  const problems: string[] = [];
  const none = () => {};
  return { debug: none, info: none, warn: (msg) => void problems.push(msg), error: (msg) => void problems.push(msg), problems };
}

let ctx: TestContext;
beforeAll(async () => {
  // The embedding queue serves every site of its database: a database of its own keeps other files' jobs out of it.
  ctx = await createTestContext({}, { embedder: recordingEmbedder("embed-jobs-model") }, { ownDatabase: true });
}, 180_000);
afterAll(() => ctx.close());

/** A second worker, as another process would run, with its own model stand-in and log. */
function worker(embedder: Embedder, opts: { turnMs?: number; log?: Logger } = {}) {
  return new EmbeddingQueue({
    store: ctx.parts.stores.embeddings,
    embedder,
    queue: ctx.parts.stores.jobQueue,
    log: opts.log ?? recordingLog(),
    workerId: `test-worker-${Math.random().toString(36).slice(2)}`,
    turnMs: opts.turnMs,
    pollMs: 50,
  });
}

async function pendingOf(siteId: string): Promise<number> {
  const [row] = await rows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM chunks WHERE site_id = ${siteId} AND embedded_at IS NULL`);
  return Number(row!.n);
}

/** The models the site's chunks have vectors of, "none" for a chunk without one. */
const modelsOf = async (siteId: string) =>
  (await rows<{ model: string }>(ctx.db, sql`SELECT DISTINCT coalesce(embedding_model, 'none') AS model FROM chunks WHERE site_id = ${siteId} ORDER BY 1`))
    .map((r) => r.model)
    .join(",");

const jobsOf = (siteId: string) =>
  rows<{ id: string; status: string; attempts: number }>(
    ctx.db,
    sql`SELECT id, status, attempts FROM jobs WHERE kind = ${embedJobKind} AND ref = ${siteId} ORDER BY created_at`,
  );

async function until(condition: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const ends = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > ends) throw new Error("timed out");
    await Bun.sleep(20);
  }
}

describe("embed jobs", () => {
  test("a page write queues its site's job once, and pages whose vectors all come from the cache queue none", async () => {
    const site = await createPublicSite(ctx);
    // Words no other run wrote, so no vector comes from the embedding cache (kept across runs on a PostgreSQL server).
    const run = `w${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
    const page = (n: number) => ({
      url: `https://docs.example.com/${n}`,
      title: `Page ${n}`,
      content: `<p>Words of page ${n} of ${run}, written to be embedded.</p>`,
    });
    const push = (pages: ReturnType<typeof page>[]) => ctx.request("POST", `/api/sites/${site.siteId}/pages`, { key: site.key, body: { pages } });
    expect((await push([page(1), page(2)])).body.processed).toBe(2);
    await push([page(3)]);
    expect(await jobsOf(site.siteId)).toMatchObject([{ status: "queued" }]);
    await ctx.parts.ingest.embeddingQueue!.drain();
    expect(await pendingOf(site.siteId)).toBe(0);
    expect(await jobsOf(site.siteId)).toEqual([]);
    // A page whose chunks all have cached vectors (the same texts): nothing waits, so no job is queued.
    const embedded = await rows<{ text: string; search_text: string; content_hash: string }>(
      ctx.db,
      sql`SELECT text, search_text, content_hash FROM chunks WHERE site_id = ${site.siteId} ORDER BY id LIMIT 2`,
    );
    await ctx.parts.stores.documents.replacePage({
      siteId: site.siteId,
      url: "https://docs.example.com/copy",
      title: "Copy",
      summary: "",
      tags: [],
      metadata: {},
      contentHash: `copy${Date.now()}`,
      source: "api",
      chunks: embedded.map((c, position) => ({
        position,
        headingPath: ["Copy"],
        anchor: null,
        text: c.text,
        searchText: c.search_text,
        contentHash: c.content_hash,
      })),
    });
    expect(await pendingOf(site.siteId)).toBe(0);
    expect(await jobsOf(site.siteId)).toEqual([]);
  }, 60_000);

  test("a job whose worker died mid-run is taken over by another worker once its lease lapses", async () => {
    const site = await createPublicSite(ctx);
    await addPages(ctx, site.siteId, numberedPages(`lapse${Date.now()}`, 3, 4));
    const [job] = await jobsOf(site.siteId);
    // The dead worker's claim, as a crashed process leaves it: running, its lease running out, its chunks not saved.
    const [held] = await ctx.parts.stores.jobQueue.claim({ kind: embedJobKind, workerId: "died", leaseSeconds: 0.5, limit: 1, jobId: job!.id });
    expect(held?.ref).toBe(site.siteId);
    const other = worker(recordingEmbedder("embed-jobs-model"));
    expect(await other.drain()).toBe(0);
    expect(await pendingOf(site.siteId)).toBe(12);
    await Bun.sleep(700);
    expect(await other.drain()).toBe(12);
    expect(await pendingOf(site.siteId)).toBe(0);
    expect(await jobsOf(site.siteId)).toEqual([]);
  }, 60_000);

  test("two organisations' sites take turns: one site of a second organisation is done while the first's three wait", async () => {
    const xs = [await createPublicSite(ctx), await createPublicSite(ctx), await createPublicSite(ctx)];
    const y = await createPublicSite(ctx);
    // All of X's sites belong to one organisation, queued before Y's.
    const x = xs[0]!;
    for (const other of xs.slice(1)) await ctx.db.execute(sql`UPDATE sites SET org_id = ${x.orgId} WHERE id = ${other.siteId}`);
    const run = `turns${Date.now()}`;
    for (const [i, site] of xs.entries()) await addPages(ctx, site.siteId, numberedPages(`${run}x${i}`, 10, 10));
    await ctx.db.execute(sql`UPDATE jobs SET org_id = ${x.orgId} WHERE kind = ${embedJobKind} AND ref = ANY(${sql.param(xs.map((s) => s.siteId))}::text[])`);
    await addPages(ctx, y.siteId, numberedPages(`${run}y`, 3, 10));
    // Batches of 8 at 30 ms each, turns of 100 ms: Y's 30 chunks need four batches, X's sites 100 chunks (13 batches) each.
    const embedder = recordingEmbedder("embed-jobs-model", 30);
    const background = worker(embedder, { turnMs: 100 });
    background.start();
    try {
      await until(async () => (await pendingOf(y.siteId)) === 0);
    } finally {
      await background.stop();
    }
    // A turn is a run of batches of one site; count each organisation's turns until Y's last batch.
    const sites = embedder.batches.map((text) => text.match(new RegExp(`${run}(x\\d|y)`))?.[1] ?? "other");
    const turns = sites.slice(0, sites.lastIndexOf("y") + 1).filter((site, i, all) => site !== all[i - 1]);
    const xTurns = turns.filter((t) => t.startsWith("x")).length;
    const yTurns = turns.filter((t) => t === "y").length;
    // Organisations alternate: X's three sites queued first do not each get a turn before Y's.
    expect(yTurns).toBeGreaterThanOrEqual(1);
    expect(xTurns).toBeLessThanOrEqual(yTurns + 1);
    // A turn ends: none of X's sites runs to its end while Y waits.
    for (const site of xs) expect(await pendingOf(site.siteId)).toBeGreaterThan(0);
    // Out of the later tests' way (the sweep re-embeds every site of the database): the sites go, their chunks with them.
    for (const [site, key] of [...xs.map((s) => [s, x.key] as const), [y, y.key] as const]) {
      expect((await ctx.request("DELETE", `/api/sites/${site.siteId}`, { key })).status).toBeLessThan(300);
    }
  }, 60_000);

  test("the sweep at start queues a job for a site left without one, and after a model change re-embeds its chunks", async () => {
    const site = await createPublicSite(ctx);
    await addPages(ctx, site.siteId, numberedPages(`sweep${Date.now()}`, 2, 3));
    await ctx.parts.ingest.embeddingQueue!.drain();
    expect(await pendingOf(site.siteId)).toBe(0);
    // Another model: start() drops the old model's vectors, then the sweep gives the site a job again.
    const changed = worker(recordingEmbedder("embed-jobs-next-model"));
    changed.start();
    try {
      await until(async () => (await modelsOf(site.siteId)) === "embed-jobs-next-model");
    } finally {
      await changed.stop();
    }
    expect(await pendingOf(site.siteId)).toBe(0);

    // Chunks waiting with their job gone (a dead letter, a writer without an embedder): the sweep queues it again.
    await ctx.db.execute(sql`UPDATE chunks SET embedded_at = NULL WHERE site_id = ${site.siteId}`);
    expect(await jobsOf(site.siteId)).toEqual([]);
    expect(await ctx.parts.stores.embeddings.queueWaitingSites()).toBeGreaterThanOrEqual(1);
    expect(await jobsOf(site.siteId)).toMatchObject([{ status: "queued" }]);
    expect(await ctx.parts.stores.embeddings.queueWaitingSites()).toBe(0);
    await ctx.parts.ingest.embeddingQueue!.drain();
    expect(await pendingOf(site.siteId)).toBe(0);
  }, 60_000);

  describe("a site deleted under its job", () => {
    test("while the job waits: the job runs, finds nothing and is done", async () => {
      const site = await createPublicSite(ctx);
      await addPages(ctx, site.siteId, numberedPages(`gone${Date.now()}`, 2, 3));
      expect(await jobsOf(site.siteId)).toHaveLength(1);
      expect((await ctx.request("DELETE", `/api/sites/${site.siteId}`, { key: site.key })).status).toBe(200);
      const log = recordingLog();
      await worker(recordingEmbedder("embed-jobs-model"), { log }).drain();
      expect(await jobsOf(site.siteId)).toEqual([]);
      expect(log.problems).toEqual([]);
    }, 60_000);

    test("while the job runs: the run ends quietly, leaving no job and no dead letter", async () => {
      const site = await createPublicSite(ctx);
      await addPages(ctx, site.siteId, numberedPages(`going${Date.now()}`, 10, 10));
      const log = recordingLog();
      const background = worker(recordingEmbedder("embed-jobs-model", 30), { log });
      background.start();
      try {
        await until(async () => (await pendingOf(site.siteId)) < 100);
        expect((await ctx.request("DELETE", `/api/sites/${site.siteId}`, { key: site.key })).status).toBe(200);
        await until(async () => (await jobsOf(site.siteId)).length === 0);
      } finally {
        await background.stop();
      }
      expect(log.problems).toEqual([]);
      expect((await ctx.parts.stores.jobQueue.deadLetters(embedJobKind, 100)).filter((j) => j.ref === site.siteId)).toEqual([]);
    }, 60_000);
  });
});

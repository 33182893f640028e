// A visitor who types on or leaves aborts their search: the work stops at the signal and the log says so at debug
// level, never as an error (under typing traffic these are routine, and error lines must stay for real failures).
import { afterAll, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { addPages, createPublicSite, docsPages } from "../fixtures/search-pages.ts";
import { sql } from "drizzle-orm";
import { rows } from "../../server/adapters/postgres/database.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ LOG_LEVEL: "debug" }, { embedder: null });
}, 60_000);
afterAll(() => ctx.close());

async function logsOf(work: () => Promise<void>): Promise<Array<Record<string, unknown>>> {
  const spy = spyOn(console, "error").mockImplementation(() => {});
  try {
    await work();
    return spy.mock.calls.map((call) => JSON.parse(String(call[0])));
  } finally {
    spy.mockRestore();
  }
}

describe("an aborted public search", () => {
  test("stops before the search statements and is logged at debug, not as an unhandled error", async () => {
    const { siteId } = await createPublicSite(ctx);
    await addPages(ctx, siteId, docsPages);
    const lexical = ctx.parts.lexical;
    const searched = spyOn(lexical, "search");
    let status = 0;
    const lines = await logsOf(async () => {
      const visitor = new AbortController();
      visitor.abort();
      const request = new Request(`http://localhost/v1/public/sites/${siteId}/search?q=reverse%20proxy`, {
        headers: { origin: "https://docs.example.com" },
        signal: visitor.signal,
      });
      status = (await ctx.app.handle(request)).status;
    });
    const hits = await Promise.all(
      searched.mock.results.map((r) =>
        Promise.resolve(r.value).then(
          () => "answered",
          () => "stopped",
        ),
      ),
    );
    searched.mockRestore();
    expect(status).toBe(499);
    expect(hits.every((h) => h === "stopped")).toBe(true);
    expect(lines.filter((l) => l.level === "error")).toEqual([]);
    expect(lines.some((l) => l.level === "debug" && l.msg === "request aborted by the client")).toBe(true);
  });
});

describe("a public search aborted while its query is embedded", () => {
  let withEmbedder: TestContext;
  beforeAll(async () => {
    withEmbedder = await createTestContext({ LOG_LEVEL: "debug" });
  }, 60_000);
  afterAll(() => withEmbedder.close());

  test("the abort reaches the embedder, and no vector search follows", async () => {
    const { siteId } = await createPublicSite(withEmbedder);
    await addPages(withEmbedder, siteId, docsPages);
    const embedder = withEmbedder.parts.embedder!;
    let seen: AbortSignal | undefined;
    let embedding!: () => void;
    const started = new Promise<void>((resolve) => {
      embedding = resolve;
    });
    // An embedder busy until it is told to stop: only the visitor's abort can end this search.
    const embed = spyOn(embedder, "embed").mockImplementation(async ({ signal }) => {
      seen = signal;
      embedding();
      return new Promise((_, reject) => signal?.addEventListener("abort", () => reject(signal.reason), { once: true }));
    });
    const vectorSearch = spyOn(withEmbedder.parts.vectors!, "search");
    let status = 0;
    const lines = await logsOf(async () => {
      const visitor = new AbortController();
      const request = new Request(`http://localhost/v1/public/sites/${siteId}/search?q=${encodeURIComponent(`proxy headers ${Date.now()}`)}`, {
        headers: { origin: "https://docs.example.com" },
        signal: visitor.signal,
      });
      const answer = withEmbedder.app.handle(request);
      await started;
      visitor.abort();
      status = (await answer).status;
    });
    embed.mockRestore();
    const vectorCalls = vectorSearch.mock.calls.length;
    vectorSearch.mockRestore();
    expect(seen?.aborted).toBe(true);
    expect(vectorCalls).toBe(0);
    expect(status).toBe(499);
    expect(lines.filter((l) => l.level === "error")).toEqual([]);
  });
});

describe("a public search aborted while its statements wait on the embedded database's thread", () => {
  let own: TestContext;
  beforeAll(async () => {
    // Its own database: the test counts every table scan in it, and PGlite's thread must be busy with this test's work only.
    own = await createTestContext({ LOG_LEVEL: "debug" }, { embedder: null }, { ownDatabase: true });
  }, 60_000);
  afterAll(() => own.close());

  /**
   * Scans so far of the tables a search reads (not those analytics writes to: its batches flush on their own time).
   * PGlite's one session reports its counts to the shared statistics about once a second: the shared figures plus its
   * own not yet reported (pg_stat_xact_*), read in one statement, are all it has done.
   */
  const scans = async () => {
    // Counts are kept in the session and reported about once a second: report them now, so an earlier search's scans
    // cannot land between two readings.
    await rows(own.db, sql`SELECT pg_stat_force_next_flush()`);
    const [row] = await rows<{ n: number }>(
      own.db,
      sql`SELECT coalesce(sum(coalesce(u.seq_scan, 0) + coalesce(u.idx_scan, 0) + coalesce(x.seq_scan, 0) + coalesce(x.idx_scan, 0)), 0)::int AS n
          FROM pg_stat_user_tables u JOIN pg_stat_xact_user_tables x USING (relid)
          WHERE u.relname IN ('sites', 'pages', 'chunks', 'site_terms')`,
    );
    return row!.n;
  };

  test.skipIf(Boolean(process.env.DATABASE_URL))("they never run, and the search answers 499 without an error line", async () => {
    const { siteId } = await createPublicSite(own);
    await addPages(own, siteId, docsPages);
    const search = (q: string, signal?: AbortSignal) =>
      own.app.handle(
        new Request(`http://localhost/v1/public/sites/${siteId}/search?q=${encodeURIComponent(q)}`, {
          headers: { origin: "https://docs.example.com" },
          signal,
        }),
      );
    // The site's row is then in the gate's cache, so the aborted search's first statements are its search statements.
    // The cache keeps it for seconds: a loaded machine can spend that long on the first search, so a second one (its
    // answer cached) reads the row again just before the count.
    expect((await search("reverse proxy")).status).toBe(200);
    expect((await search("reverse proxy")).status).toBe(200);
    const before = await scans();
    let status = 0;
    const lines = await logsOf(async () => {
      // Holds PGlite's one thread: the search's statements queue behind it.
      const busy = rows(own.db, sql`SELECT pg_sleep(0.8)`);
      await Bun.sleep(30);
      const visitor = new AbortController();
      const answer = search(`proxy headers ${Date.now()}`, visitor.signal);
      await Bun.sleep(300);
      visitor.abort();
      status = (await answer).status;
      await busy;
    });
    expect(await scans()).toBe(before);
    expect(status).toBe(499);
    expect(lines.filter((l) => l.level === "error")).toEqual([]);
  });
});

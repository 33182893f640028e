// Every route, fed random and hostile path parameters, query strings, headers and bodies with a
// fixed seed and a bounded count, never answers 500, answers every error as JSON {error, code}, and keeps answering.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { addPages, createPublicSite, docsPages } from "../fixtures/search-pages.ts";

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 400);

let ctx: TestContext;
let ids: { key: string; scopedKey: string; siteId: string; groupId: string; jobId: string };
let witness: { siteId: string };
let routes: Array<{ method: string; path: string }>;

beforeAll(async () => {
  ctx = await createTestContext({ ANTHROPIC_API_KEY: "" }, { embedder: null });
  // An enterprise organisation, so writes and groups reach their validation instead of stopping at the plan gate.
  const site = await createPublicSite(
    ctx,
    { publicAccess: { chatEnabled: true }, rateLimits: { searchPerMinute: 100000, chatPerMinute: 100000 } },
    "enterprise",
  );
  await addPages(ctx, site.siteId, docsPages);
  const group = await ctx.request("POST", "/api/groups", { key: site.key, body: { name: "g", siteIds: [site.siteId] } });
  const job = await ctx.request("POST", `/api/sites/${site.siteId}/crawl`, { key: site.key });
  // A key limited to the site: its scope check looks the path's site or job up before the route validates it.
  const scoped = await ctx.request("POST", "/api/keys", { key: site.key, body: { name: "scoped", sites: [site.siteId] } });
  ids = { key: site.key, scopedKey: scoped.body.secret, siteId: site.siteId, groupId: group.body.groupId, jobId: job.body.jobId };
  // Another organisation's site, out of the fuzzer's reach, proves the service still answers at the end.
  witness = await createPublicSite(ctx);
  await addPages(ctx, witness.siteId, docsPages);
  routes = ctx.app.routes
    .map((r) => ({ method: r.method, path: r.path }))
    .filter((r) => r.method !== "ALL" && !r.path.startsWith("/docs") && r.path !== "/openapi.json");
}, 180_000);
afterAll(() => ctx.close());

const hostile = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff",
  "%00",
  "%ZZ",
  "%",
  "../../etc/passwd",
  "..%2F..%2F",
  "' OR 1=1 --",
  '"; DROP TABLE sites; --',
  "<script>alert(1)</script>",
  "__proto__",
  "constructor",
  "prototype",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "1e309",
  "9".repeat(40),
  "-0",
  "0x10",
  "true",
  "null",
  "[]",
  "{}",
  "😀",
  "\u202e",
  "\ufeff",
  "a".repeat(3000),
  "/",
  "//",
  "\\",
  "*",
  "**",
  "?",
  "#",
  "&",
  "=",
  "+",
  "%2e%2e",
  "\r\n",
  "é",
);
const text = fc.oneof(
  { arbitrary: hostile, weight: 4 },
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.integer().map(String),
  fc.double().map(String),
);

/** Path segments are sent encoded, raw where the URL parser allows, or as a real id of the fuzzed organisation. */
function encodeSegment(value: string, raw: boolean): string {
  if (raw && !/[/?#\s]/.test(value)) return value;
  try {
    return encodeURIComponent(value);
  } catch {
    return "%ED%A0%80"; // a lone surrogate cannot be encoded: send its UTF-8 bytes, which are not valid UTF-8
  }
}

const jsonLike: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    text,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 5 }),
    fc.dictionary(
      fc.oneof(
        text,
        fc.constantFrom("query", "q", "message", "pages", "url", "content", "name", "baseUrl", "limit", "sessionId", "siteIds", "pattern", "urls", "filters"),
      ),
      tie("value"),
      { maxKeys: 5 },
    ),
  ),
})).value;

/** Bodies: plausible shapes with hostile values, arbitrary JSON, deep nesting, big strings, and bytes that are not JSON. */
const body = fc.oneof(
  fc.constant<string | undefined>(undefined),
  jsonLike.map((v) => JSON.stringify(v)),
  fc.record({ query: text, sessionId: fc.option(text), limit: fc.option(fc.oneof(fc.integer(), text)) }).map((v) => JSON.stringify(v)),
  fc
    .record({
      pages: fc.array(fc.record({ url: fc.oneof(text, fc.constant("https://docs.example.com/f")), content: text, metadata: fc.option(jsonLike) }), {
        maxLength: 3,
      }),
    })
    .map((v) => JSON.stringify(v)),
  fc.record({ name: text, baseUrl: fc.oneof(text, fc.webUrl()) }).map((v) => JSON.stringify(v)),
  fc.integer({ min: 1, max: 200 }).map((n) => "[".repeat(n) + "]".repeat(n)),
  fc.integer({ min: 100, max: 5000 }).map((n) => `${'{"a":'.repeat(n)}1${"}".repeat(n)}`),
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.constantFrom("{", "}", '{"a":}', "\u0000", "null", "[]", '"x"', "1", '{"__proto__":{"x":1}}'),
);

const headers = fc.record(
  {
    // Mostly the organisation's real key, so requests get past authentication to the code behind it.
    authorization: fc.oneof(
      { arbitrary: fc.constant("valid"), weight: 6 },
      text.map((t) => `Bearer ${t}`),
      text,
    ),
    origin: fc.oneof({ arbitrary: fc.constant("https://docs.example.com"), weight: 4 }, fc.constant("null"), text),
    "content-type": fc.constantFrom(
      "application/json",
      "application/json",
      "application/json",
      "application/json; charset=utf-8",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/octet-stream",
      "application/vnd.api+json",
      "image/png",
      "",
      "json",
    ),
    accept: fc.constantFrom("application/json", "text/event-stream", "*/*", "text/html"),
    "x-request-id": text,
    "x-forwarded-for": text,
  },
  { requiredKeys: ["authorization", "origin", "content-type"] },
);

const request = fc.record({
  route: fc.integer({ min: 0, max: 10_000 }),
  params: fc.array(fc.oneof(text, fc.constant("<real>")), { minLength: 4, maxLength: 4 }),
  // Often every parameter real, so the body and query are what is fuzzed.
  allReal: fc.boolean(),
  rawSegments: fc.boolean(),
  query: fc.array(fc.tuple(fc.oneof(text, fc.constantFrom("q", "limit", "minScore", "cursor", "range", "siteId", "month", "filter.tag")), text), {
    maxLength: 4,
  }),
  headers,
  body,
});

/** Percent-encoding as a client may write it: valid UTF-8 escapes, stray bytes, truncated escapes, bare `%`, and text. */
const escapes = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0, max: 255 }).map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`),
      fc.integer({ min: 0, max: 15 }).map((b) => `%${b.toString(16)}`),
      fc.constantFrom("%", "%%", "%G0", "%E0%A4%A", "%ED%A0%80", "%C0%AF", "%F4%90%80%80", "%00", "%2F", "%2e%2e", "%25"),
      fc.constantFrom("a", "job", "site_", ".", "-", "~"),
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((parts) => parts.join(""));

const realId = (name: string) =>
  name === "siteId" ? ids.siteId : name === "groupId" ? ids.groupId : name === "jobId" ? ids.jobId : name === "orgId" ? "org_x" : "x";

/** Header values must be ByteStrings without CR, LF or NUL; others are dropped, as no HTTP client could send them. */
const sendable = (value: string) => /^[\u0020-\u007e\u0080-\u00ff\t]*$/.test(value);

describe("fuzzing every route", () => {
  test(`${RUNS} random and hostile requests (seed ${SEED}): no 500, every error JSON {error, code}, still answering`, async () => {
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const route = routes[r.route % routes.length]!;
        let i = 0;
        const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
          const value = r.params[i++ % r.params.length]!;
          return value === "<real>" || (r.allReal && i % 2 === 0) ? realId(name) : encodeSegment(value, r.rawSegments);
        });
        const search = r.query.map(([k, v]) => `${encodeSegment(k, false)}=${encodeSegment(v, r.rawSegments)}`).join("&");
        const sent: Record<string, string> = {};
        for (const [name, value] of Object.entries(r.headers)) {
          const v = name === "authorization" && value === "valid" ? `Bearer ${ids.key}` : (value as string);
          if (sendable(v)) sent[name] = v;
        }
        const hasBody = route.method !== "GET" && route.method !== "HEAD" && r.body !== undefined;
        const response = await ctx.app.handle(
          new Request(`http://localhost${path}${search ? `?${search}` : ""}`, { method: route.method, headers: sent, body: hasBody ? r.body : undefined }),
        );
        const raw = await response.text();
        const where = `${route.method} ${path.slice(0, 200)} → ${response.status} ${raw.slice(0, 300)}`;
        if (response.status >= 500) throw new Error(`server error: ${where}`);
        if (response.status >= 400) {
          let parsed: { error?: unknown; code?: unknown; jsonrpc?: unknown };
          try {
            parsed = JSON.parse(raw);
          } catch {
            throw new Error(`error body is not JSON: ${where}`);
          }
          // An MCP endpoint speaks JSON-RPC, whose clients read {jsonrpc, error: {code, message}}; every other route {error, code}.
          if (route.path.endsWith("/mcp") && parsed.jsonrpc === "2.0") {
            const rpc = parsed.error as { code?: unknown; message?: unknown } | undefined;
            if (typeof rpc?.code !== "number" || typeof rpc.message !== "string") throw new Error(`JSON-RPC error lacks code/message: ${where}`);
          } else if (typeof parsed.error !== "string" || typeof parsed.code !== "string") throw new Error(`error body lacks error/code: ${where}`);
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    // Still answering: health, and another organisation's search.
    expect((await ctx.request("GET", "/health")).status).toBe(200);
    const search = await ctx.request("GET", `/v1/public/sites/${witness.siteId}/search?q=proxy&minScore=0`, {
      headers: { origin: "https://docs.example.com" },
    });
    expect(search.status).toBe(200);
    expect(search.body.results.length).toBeGreaterThan(0);
  }, 120_000);

  test(`${RUNS} paths with raw percent-escapes in every parameter and wildcard, over HTTP: always 4xx JSON {error, code} or success`, async () => {
    const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (req) => ctx.app.handle(req) });
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.record({ route: fc.integer({ min: 0, max: 10_000 }), segments: fc.array(escapes, { minLength: 4, maxLength: 4 }), scoped: fc.boolean() }),
          async (r) => {
            const route = routes[r.route % routes.length]!;
            let i = 0;
            const path = route.path.replace(/:(\w+)|\*/g, () => r.segments[i++ % r.segments.length]!);
            const key = r.scoped ? ids.scopedKey : ids.key;
            const hasBody = route.method !== "GET" && route.method !== "HEAD";
            const response = await fetch(`http://127.0.0.1:${server.port}${path}`, {
              method: route.method,
              headers: { authorization: `Bearer ${key}`, origin: "https://docs.example.com", "content-type": "application/json" },
              body: hasBody ? "{}" : undefined,
            });
            const raw = await response.text();
            const where = `${route.method} ${path.slice(0, 200)} → ${response.status} ${raw.slice(0, 300)}`;
            if (response.status >= 500) throw new Error(`server error: ${where}`);
            if (response.status < 400) return;
            const parsed = JSON.parse(raw) as { error?: unknown; code?: unknown; jsonrpc?: unknown };
            if (parsed.jsonrpc === "2.0") return;
            if (typeof parsed.error !== "string" || typeof parsed.code !== "string") throw new Error(`error body lacks error/code: ${where}`);
          },
        ),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      // Two paths that once answered 500: a truncated percent-escape, and a NUL byte in a path parameter.
      for (const [path, code] of [
        ["/dashboard/%E0%A4%A", "BAD_REQUEST"],
        ["/api/jobs/job%00x", "VALIDATION_FAILED"],
      ]) {
        for (const key of [ids.key, ids.scopedKey]) {
          const response = await fetch(`http://127.0.0.1:${server.port}${path}`, { headers: { authorization: `Bearer ${key}` } });
          expect(response.status).toBe(400);
          expect((await response.json()).code).toBe(code);
        }
      }
    } finally {
      server.stop(true);
    }
  }, 120_000);
});

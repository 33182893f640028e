import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";

// A stand-in build folder: these tests are about serving, not about the bundle (bench/widget-size.ts covers that).
const dir = mkdtempSync(join(tmpdir(), "widget-dist-"));
let ctx: TestContext;
beforeAll(async () => {
  writeFileSync(join(dir, "site-search.js"), "console.log('search');\n");
  writeFileSync(join(dir, "secret.js"), "not public");
  ctx = await createTestContext({ WIDGET_DIR: dir });
}, 60_000);
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("GET /site-search.js", () => {
  test("serves the built file as JavaScript any origin may load, with an ETag", async () => {
    const res = await ctx.request("GET", "/site-search.js", { headers: { origin: "https://docs.example.com" } });
    expect(res.status).toBe(200);
    expect(res.body).toBe("console.log('search');\n");
    expect(res.headers.get("content-type")).toStartWith("text/javascript");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("etag")).toMatch(/^".+"$/);
  });

  test("answers 304 to a matching If-None-Match", async () => {
    const first = await ctx.request("GET", "/site-search.js");
    const again = await ctx.request("GET", "/site-search.js", { headers: { "if-none-match": first.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  test("a file that is not built yet is 404 with a sentence saying how to build it, and appears once built", async () => {
    const missing = await ctx.request("GET", "/site-search-chat.js");
    expect(missing.status).toBe(404);
    expect(missing.body.error).toContain("npm run build:widget");
    writeFileSync(join(dir, "site-search-chat.js"), "console.log('chat');\n");
    const built = await ctx.request("GET", "/site-search-chat.js");
    expect(built.status).toBe(200);
    expect(built.body).toBe("console.log('chat');\n");
  });

  test("other files of the folder are not served", async () => {
    expect((await ctx.request("GET", "/secret.js")).status).toBe(404);
  });
});

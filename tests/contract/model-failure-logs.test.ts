// Upstream model failures are logged for the operator: a chat answered 502, and metadata filled in by heuristics
// because the model failed. The visitor and the API caller see only the outcome, never the upstream details.
import { afterAll, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { startFakeAnthropic, type FakeAnthropic } from "../fixtures/fake-anthropic-server.ts";
import { chatOrigin, createChatSite } from "../fixtures/chat-site.ts";

let fake: FakeAnthropic;
let ctx: TestContext;
beforeAll(async () => {
  fake = await startFakeAnthropic();
  ctx = await createTestContext({ ANTHROPIC_API_KEY: "sk-test", ANTHROPIC_BASE_URL: fake.url, LOG_LEVEL: "warn" }, { embedder: null });
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

/** Runs `work` and returns the JSON log lines it wrote. */
async function logsOf(work: () => Promise<void>): Promise<Array<Record<string, unknown>>> {
  const spy = spyOn(console, "error").mockImplementation(() => {});
  try {
    await work();
    return spy.mock.calls.map((call) => JSON.parse(String(call[0])));
  } finally {
    spy.mockRestore();
  }
}

describe("upstream model failures", () => {
  test("a chat the model refuses is 502 to the visitor and a warning with status and reason in the log", async () => {
    const { siteId } = await createChatSite(ctx);
    let status = 0;
    const lines = await logsOf(async () => {
      fake.script({ status: 400, errorType: "invalid_request_error" });
      const res = await ctx.request("POST", `/v1/public/sites/${siteId}/chat`, { body: { query: "How do I install Acme?" }, headers: { origin: chatOrigin } });
      status = res.status;
      expect(JSON.stringify(res.body)).not.toContain("invalid_request_error");
    });
    expect(status).toBe(502);
    expect(lines).toContainEqual(expect.objectContaining({ level: "warn", msg: "answer model failed", siteId, reason: "upstream-error", status: 400 }));
  }, 30_000);

  test("metadata the model could not give is filled by heuristics and the failure logged", async () => {
    const { key, siteId } = await createChatSite(ctx);
    let ingested: { status: number; body: any } = { status: 0, body: null };
    const lines = await logsOf(async () => {
      fake.script({ status: 400 });
      ingested = await ctx.request("POST", `/api/sites/${siteId}/pages`, {
        key,
        body: {
          pages: [{ url: "https://docs.acme.test/plain", content: "Plain text about upgrading Acme.\n\nRun acme upgrade to move to the latest release." }],
        },
      });
    });
    expect(ingested.status).toBe(200);
    expect(ingested.body.errors ?? []).toEqual([]);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: "warn", msg: "metadata model failed; heuristics filled in", url: "https://docs.acme.test/plain", status: 400 }),
    );
  }, 30_000);
});

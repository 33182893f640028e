import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { chatOrigin, createChatSite, parseEventStream } from "../fixtures/chat-site.ts";

let now = Math.floor(Date.now() / 1000);
let ctx: TestContext;
beforeAll(async () => {
  // No ANTHROPIC_API_KEY: the service answers offline, by extracting cited sentences. Keyword retrieval only
  // (chat-hybrid.test.ts covers vectors), so no question waits for the embedding model to load.
  ctx = await createTestContext({ ANTHROPIC_API_KEY: "" }, { clock: () => now, embedder: null });
}, 60_000);
afterAll(() => ctx.close());
beforeEach(() => {
  now += 120;
});

const chat = (siteId: string, body: unknown, headers: Record<string, string> = {}) =>
  ctx.request("POST", `/v1/public/sites/${siteId}/chat`, { body, headers: { origin: chatOrigin, ...headers } });

describe("public chat without a model (extractive)", () => {
  test("answers with sentences of the site, cited [n], and the cited pages as sources", async () => {
    const { siteId } = await createChatSite(ctx);
    const res = await chat(siteId, { query: "How do I install Acme on Windows?" });
    expect(res.status).toBe(200);
    expect(res.body.mode).toBe("extractive");
    expect(res.body.answered).toBe(true);
    expect(res.body.answer).toBe(res.body.response);
    expect(res.body.answer).toContain("MSI installer");
    expect(res.body.answer).toMatch(/\[1\]/);
    expect(res.body.sources[0]).toMatchObject({ url: "https://docs.acme.test/install", title: "Installing Acme" });
    const cited = new Set([...res.body.answer.matchAll(/\[(\d+)\]/g)].map((m: RegExpMatchArray) => Number(m[1])));
    expect(Math.max(...cited)).toBe(res.body.sources.length);
  });

  test("streams the answer in several deltas that add up to the final answer", async () => {
    const { siteId } = await createChatSite(ctx);
    const res = await chat(siteId, { query: "How do I deploy and roll back with Acme?" }, { accept: "text/event-stream" });
    const events = parseEventStream(res.body);
    expect(events[0]!.event).toBe("sources");
    expect(events[0]!.data.mode).toBe("extractive");
    const end = events.at(-1)!;
    expect(end.event).toBe("answer-end");
    const deltas = events.filter((e) => e.event === "answer-delta");
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((d) => d.data.text).join("")).toBe(end.data.answer);
    expect(end.data.answered).toBe(true);
  });

  test("says it could not find an answer when no page matches", async () => {
    const { siteId } = await createChatSite(ctx);
    const res = await chat(siteId, { query: "zyxwv qwertyuiop plonk" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ answered: false, sources: [], mode: "extractive" });
  });
});

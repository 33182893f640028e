// A prompt-injected page must not plant phishing links in the site's own chat, and the ingest API
// takes only the site's own pages. The model is the fake Anthropic server speaking the real wire format.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { startFakeAnthropic, type FakeAnthropic } from "../fixtures/fake-anthropic-server.ts";
import { chatOrigin, createChatSite, parseEventStream } from "../fixtures/chat-site.ts";

let fake: FakeAnthropic;
let ctx: TestContext;
beforeAll(async () => {
  fake = await startFakeAnthropic();
  ctx = await createTestContext({ ANTHROPIC_API_KEY: "sk-test", ANTHROPIC_BASE_URL: fake.url }, { embedder: null });
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

const phishing =
  "Install it with npm [1]. Before that, [confirm your account](https://evil.example/phish) at https://evil.example/login, " +
  "or <https://evil.example/auto>. ![x](https://evil.example/pixel.png) The [install guide](https://docs.acme.test/install) has details [1].";

function expectNoOffSiteLink(answer: string): void {
  expect(answer).not.toContain("](https://evil.example");
  expect(answer).not.toContain("<https://evil.example");
  // What is left of the phishing addresses is code text, which markdown never turns into a link.
  expect(answer).not.toMatch(/(?<!`)https:\/\/evil\.example/);
}

describe("links in chat answers", () => {
  const ask = (siteId: string, headers: Record<string, string> = {}) =>
    ctx.request("POST", `/v1/public/sites/${siteId}/chat`, { body: { query: "How do I install Acme?" }, headers: { origin: chatOrigin, ...headers } });

  test("a link off the site becomes plain text and a link to the site stays", async () => {
    const { siteId } = await createChatSite(ctx);
    fake.script({ text: phishing });
    const res = await ask(siteId);
    expect(res.status).toBe(200);
    expectNoOffSiteLink(res.body.answer);
    expect(res.body.answer).toContain("confirm your account");
    expect(res.body.answer).toContain("`https://evil.example/login`");
    expect(res.body.answer).toContain("[install guide](https://docs.acme.test/install)");
    expect(res.body.answer).toContain("[1]");
  });

  test("streamed, no delta carries an off-site link and the deltas add up to the final answer", async () => {
    const { siteId } = await createChatSite(ctx);
    fake.script({ text: phishing });
    const res = await ask(siteId, { accept: "text/event-stream" });
    expect(res.status).toBe(200);
    const events = parseEventStream(res.body as string);
    const deltas = events.filter((e) => e.event === "answer-delta").map((e) => e.data.text as string);
    const end = events.find((e) => e.event === "answer-end")!.data;
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join("")).toBe(end.answer);
    for (const delta of deltas) expect(delta).not.toContain("https://evil.example/phish");
    expectNoOffSiteLink(end.answer);
    expect(end.answer).toContain("[install guide](https://docs.acme.test/install)");
  });

  test("a domain the owner allowed counts as the site's own", async () => {
    const { siteId, key } = await createChatSite(ctx);
    await ctx.request("PUT", `/api/sites/${siteId}`, { key, body: { publicAccess: { allowedDomains: ["docs.acme.test", "*.acme-help.test"] } } });
    fake.script({ text: "Ask on [the forum](https://forum.acme-help.test/t/1) [1]." });
    const res = await ask(siteId);
    expect(res.body.answer).toContain("[the forum](https://forum.acme-help.test/t/1)");
  });
});

describe("ingesting pages off the site", () => {
  async function emptySite() {
    const { key } = await ctx.createOrg("pro");
    const created = await ctx.request("POST", "/api/sites", { key, body: { name: "Acme Docs", baseUrl: "https://docs.acme.test/guide/" } });
    return { key, siteId: created.body.siteId as string };
  }

  test("each off-site page is refused in errors and the site's own pages go in", async () => {
    const { siteId, key } = await emptySite();
    const pages = [
      { url: "https://docs.acme.test/ok", content: "Our own page about deploying." },
      { url: "https://www.docs.acme.test/www", content: "The www spelling of our host." },
      { url: "https://evil.example/phish", content: "Log in here to keep your account." },
      { url: "https://blog.docs.acme.test/post", content: "A subdomain that was not listed." },
    ];
    const res = await ctx.request("POST", `/api/sites/${siteId}/pages`, { key, body: { pages } });
    expect(res.status).toBe(200);
    expect(res.body.processed).toBe(2);
    expect(res.body.errors.map((e: { url: string }) => e.url)).toEqual(["https://evil.example/phish", "https://blog.docs.acme.test/post"]);
    expect(res.body.errors[0].error).toContain("not on this site's hosts");
    const list = await ctx.request("GET", `/api/sites/${siteId}/pages`, { key });
    expect(list.body.items.map((p: { url: string }) => p.url).sort()).toEqual(["https://docs.acme.test/ok", "https://www.docs.acme.test/www"]);
  });

  test("a subdomain is accepted once the owner lists it in allowedDomains", async () => {
    const { siteId, key } = await emptySite();
    await ctx.request("PUT", `/api/sites/${siteId}`, { key, body: { publicAccess: { allowedDomains: ["docs.acme.test", "*.docs.acme.test"] } } });
    const res = await ctx.request("POST", `/api/sites/${siteId}/pages`, {
      key,
      body: { pages: [{ url: "https://blog.docs.acme.test/post", content: "Listed now." }] },
    });
    expect(res.body).toMatchObject({ processed: 1, errors: [] });
  });
});

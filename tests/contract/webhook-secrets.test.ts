// Webhook signing secrets are sealed under SECRETS_KEY at rest, deliveries are still signed with the real secret, and
// rows stored in the clear (no key then, or an older version) still sign.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { webhooks } from "../../server/adapters/postgres/webhook-schema.ts";
import { verifySignature } from "../../server/connectors/webhook-signature.ts";

let ctx: TestContext;
const received: Array<{ body: string; signature: string | null }> = [];
let server: ReturnType<typeof Bun.serve>;
beforeAll(async () => {
  ctx = await createTestContext({ SECRETS_KEY: Buffer.alloc(32, 9).toString("base64") });
  server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      received.push({ body: await request.text(), signature: request.headers.get("x-site-search-signature") });
      return new Response("");
    },
  });
}, 90_000);
afterAll(async () => {
  server.stop(true);
  await ctx.close();
});

const storedSecret = async (id: string) => (await ctx.db.select().from(webhooks).where(eq(webhooks.id, id)))[0]!.secret;

/** Pings the webhook and sends due deliveries until its ping has arrived; returns that request. */
async function deliverPing(org: { key: string; orgId: string }, id: string) {
  const { key } = org;
  const ping = (await ctx.request("POST", `/api/webhooks/${id}/ping`, { key })).body;
  for (let i = 0; i < 20; i++) {
    await ctx.parts.webhooks.dispatcher.drainOnce(org.orgId);
    const got = received.find((r) => JSON.parse(r.body).id === ping.eventId);
    if (got) return got;
  }
  throw new Error("the ping never arrived");
}

describe("webhook signing secrets with SECRETS_KEY set", () => {
  test("are stored sealed, never in the clear, and deliveries are signed with the real secret", async () => {
    const org = await ctx.createOrg();
    const hook = (await ctx.request("POST", "/api/webhooks", { key: org.key, body: { url: `http://127.0.0.1:${server.port}/h`, events: ["crawl.completed"] } }))
      .body;
    expect(hook.secret).toStartWith("whsec_");
    const stored = await storedSecret(hook.id);
    expect(stored).toStartWith("v1:");
    expect(stored).not.toContain(hook.secret);
    const got = await deliverPing(org, hook.id);
    expect(verifySignature(hook.secret, got.body, got.signature)).toBe(true);
  }, 30_000);

  test("a secret stored in the clear (before the key was set) still signs", async () => {
    const org = await ctx.createOrg();
    const hook = (await ctx.request("POST", "/api/webhooks", { key: org.key, body: { url: `http://127.0.0.1:${server.port}/h`, events: ["crawl.completed"] } }))
      .body;
    await ctx.db.update(webhooks).set({ secret: "whsec_plain_old_row" }).where(eq(webhooks.id, hook.id));
    const got = await deliverPing(org, hook.id);
    expect(verifySignature("whsec_plain_old_row", got.body, got.signature)).toBe(true);
  }, 30_000);
});

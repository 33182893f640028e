// Webhooks as organisation settings: URLs never carry credentials, and only admins and owners delete (or replace) them.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { embedder: null });
}, 60_000);
afterAll(() => ctx.close());

const subscribe = (key: string, url: string) => ctx.request("POST", "/api/webhooks", { key, body: { url, events: ["ping"] } });

describe("webhook URLs", () => {
  test("a URL with user:pass@ is refused with 400 naming the field, and nothing is stored", async () => {
    const { key } = await ctx.createOrg();
    for (const url of ["https://user:secret@hooks.example.com/in", "https://user@hooks.example.com/in", "https://:secret@hooks.example.com/in"]) {
      const res = await subscribe(key, url);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("VALIDATION_FAILED");
      expect(res.body.error).toContain("url: must not contain a user name or password");
      expect(res.body.error).not.toContain("secret");
    }
    expect((await ctx.request("GET", "/api/webhooks", { key })).body.webhooks).toEqual([]);
  });
});

describe("deleting a webhook", () => {
  test("is refused to a member (403) and allowed to an admin", async () => {
    const owner = await ctx.createOrg();
    const hook = await subscribe(owner.key, "https://hooks.example.com/in");
    expect(hook.status).toBe(200);
    const member = await ctx.createKey(owner.orgId, "member");
    const refused = await ctx.request("DELETE", `/api/webhooks/${hook.body.id}`, { key: member.key });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("ROLE_REQUIRED");
    expect((await ctx.request("GET", "/api/webhooks", { key: owner.key })).body.webhooks).toHaveLength(1);
    const admin = await ctx.createKey(owner.orgId, "admin");
    expect((await ctx.request("DELETE", `/api/webhooks/${hook.body.id}`, { key: admin.key })).status).toBe(200);
  });
});

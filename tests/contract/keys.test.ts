import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { accountEnv, userInNewOrg } from "../fixtures/accounts.ts";
import { generateApiKey } from "../../server/accounts/api-key-format.ts";

// argon2id is deliberately slow, and eight engineers share two cores.
setDefaultTimeout(30_000);
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext(accountEnv);
}, 60_000);
afterAll(() => ctx.close());

const page = {
  url: "https://docs.example.com/install",
  title: "Install",
  summary: "Installing.",
  tags: ["setup"],
  content: "How to install the server on Linux.",
};

async function orgWithSites(n = 2) {
  const owner = await ctx.createOrg("pro", "owner");
  const siteIds: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await ctx.request("POST", "/api/sites", { key: owner.key, body: { name: `Site ${i}`, baseUrl: "https://docs.example.com" } });
    siteIds.push(res.body.siteId);
  }
  return { ...owner, siteIds };
}

const newKey = async (key: string, body: Record<string, unknown>) => ctx.request("POST", "/api/keys", { key, body: { name: "k", ...body } });

describe("key API", () => {
  test("an owner creates a key shown once, lists it without its secret, and a revoked key is refused on its next request", async () => {
    const { key } = await orgWithSites(0);
    const created = await newKey(key, { name: "deploy", role: "admin" });
    expect(created.status).toBe(200);
    expect(created.body.secret).toMatch(/^srch_live_/);
    expect(created.body.key).toMatchObject({ name: "deploy", role: "admin", scope: { sites: null, actions: null }, revokedAt: null });
    const secret = created.body.secret;
    expect((await ctx.request("GET", "/api/sites", { key: secret })).status).toBe(200);
    const list = await ctx.request("GET", "/api/keys", { key });
    expect(list.body.keys.map((k: { id: string }) => k.id)).toContain(created.body.key.id);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    const revoked = await ctx.request("DELETE", `/api/keys/${created.body.key.id}`, { key });
    expect(revoked.status).toBe(200);
    expect(revoked.body.key.revokedAt).toBeInteger();
    expect((await ctx.request("GET", "/api/sites", { key: secret })).status).toBe(401);
    expect((await ctx.request("DELETE", `/api/keys/${created.body.key.id}`, { key })).status).toBe(404);
  });

  test("a member key cannot list or create keys, and an admin cannot create an owner key", async () => {
    const { orgId } = await orgWithSites(0);
    const member = await ctx.createKey(orgId, "member");
    const res = await ctx.request("GET", "/api/keys", { key: member.key });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("ROLE_REQUIRED");
    const admin = await ctx.createKey(orgId, "admin");
    expect((await newKey(admin.key, { role: "owner" })).status).toBe(403);
    expect((await newKey(admin.key, { role: "admin" })).status).toBe(200);
  });

  test("another organisation's key cannot be revoked (404) and stays valid", async () => {
    const a = await orgWithSites(0);
    const b = await orgWithSites(0);
    expect((await ctx.request("DELETE", `/api/keys/${b.keyId}`, { key: a.key })).status).toBe(404);
    expect((await ctx.request("GET", "/api/sites", { key: b.key })).status).toBe(200);
  });

  test("a signed-in owner manages keys from the dashboard's session", async () => {
    const owner = await userInNewOrg(ctx);
    const created = await ctx.request("POST", "/api/keys", { body: { name: "from the dashboard", actions: ["search"] }, headers: owner.browser() });
    expect(created.status).toBe(200);
    expect((await ctx.request("GET", "/api/keys", { headers: { cookie: owner.cookie } })).body.keys).toHaveLength(1);
  });

  test("bad scopes are 400 naming the field: unknown action, another organisation's site, a past expiry", async () => {
    const { key } = await orgWithSites(0);
    const other = await orgWithSites(1);
    expect((await newKey(key, { actions: ["delete-everything"] })).status).toBe(400);
    const foreign = await newKey(key, { sites: other.siteIds });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toContain("sites");
    const past = await newKey(key, { expiresAt: Math.floor(Date.now() / 1000) - 10 });
    expect(past.status).toBe(400);
    expect(past.body.error).toContain("expiresAt");
  });
});

describe("scoped keys", () => {
  test("a search-only key searches but is refused on ingest, crawl, analytics and admin routes with the missing scope named", async () => {
    const { key, siteIds } = await orgWithSites(1);
    const siteId = siteIds[0]!;
    expect((await ctx.request("POST", `/api/sites/${siteId}/pages`, { key, body: { pages: [page] } })).status).toBe(200);
    const search = (await newKey(key, { actions: ["search"] })).body.secret;
    const found = await ctx.request("POST", `/api/sites/${siteId}/search`, { key: search, body: { query: "install linux", minScore: 0 } });
    expect(found.status).toBe(200);
    expect(found.body.results[0].url).toBe(page.url);
    const cases: Array<[string, string, string, unknown?]> = [
      ["POST", `/api/sites/${siteId}/pages`, "ingest", { pages: [page] }],
      ["POST", `/api/sites/${siteId}/crawl`, "crawl"],
      ["GET", `/api/sites/${siteId}/top-queries`, "analytics"],
      ["PUT", `/api/sites/${siteId}`, "admin", { name: "renamed" }],
      ["POST", "/api/keys", "admin", { name: "escalate" }],
    ];
    for (const [method, path, scope, body] of cases) {
      const res = await ctx.request(method, path, { key: search, body });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("SCOPE_MISSING");
      expect(res.body.error).toContain(`"${scope}"`);
    }
    expect((await ctx.request("GET", `/api/sites/${siteId}`, { key: search })).body.name).toBe("Site 0");
  }, 60_000);

  test("a key limited to one site sees only that site and is refused on the other and on organisation-wide routes", async () => {
    const { key, siteIds } = await orgWithSites(2);
    const [mine, theirs] = siteIds as [string, string];
    const limited = (await newKey(key, { sites: [mine], role: "admin" })).body.secret;
    expect((await ctx.request("GET", "/api/sites", { key: limited })).body.sites.map((s: { siteId: string }) => s.siteId)).toEqual([mine]);
    expect((await ctx.request("GET", `/api/sites/${mine}/pages`, { key: limited })).status).toBe(200);
    const refused = await ctx.request("GET", `/api/sites/${theirs}/pages`, { key: limited });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toContain(theirs);
    expect((await ctx.request("GET", "/api/analytics?range=7d", { key: limited })).status).toBe(403);
    expect((await ctx.request("GET", `/api/analytics?range=7d&siteId=${mine}`, { key: limited })).status).toBe(200);
    expect((await ctx.request("GET", "/api/usage", { key: limited })).status).toBe(403);
    // A key cannot hand out more than it holds.
    expect((await newKey(limited, { sites: [theirs] })).status).toBe(403);
    expect((await newKey(limited, {})).body.key.scope.sites).toEqual([mine]);
  });

  test("a crawl job of another site is out of a site-limited key's reach", async () => {
    const { key, siteIds } = await orgWithSites(2);
    const [mine, theirs] = siteIds as [string, string];
    const job = await ctx.request("POST", `/api/sites/${theirs}/crawl`, { key });
    expect(job.status).toBe(200);
    const limited = (await newKey(key, { sites: [mine], actions: ["crawl"] })).body.secret;
    expect((await ctx.request("GET", `/api/jobs/${job.body.jobId}`, { key: limited })).status).toBe(403);
    expect((await ctx.request("GET", `/api/jobs/${job.body.jobId}`, { key })).status).toBe(200);
  });

  test("an expired key is refused with 401", async () => {
    const { orgId } = await orgWithSites(0);
    const { key, prefix, hash } = generateApiKey("test");
    await ctx.parts.stores.accounts.createKey({ orgId, name: "old", role: "owner", environment: "test", prefix, hash, expiresAt: new Date(Date.now() - 1000) });
    const res = await ctx.request("GET", "/api/sites", { key });
    expect(res.status).toBe(401);
    expect(res.body.error).toContain("expired");
  });
});

describe("keys above the caller", () => {
  test("an admin key limited to one site lists and revokes only keys of its role or below within its sites", async () => {
    const owner = await orgWithSites(2);
    const [mine, other] = owner.siteIds;
    const admin = (await newKey(owner.key, { role: "admin", sites: [mine] })).body;
    const below = (await newKey(owner.key, { role: "member", sites: [mine] })).body;
    const otherSite = (await newKey(owner.key, { role: "member", sites: [other] })).body;
    const everySite = (await newKey(owner.key, { role: "member" })).body;
    const listed = await ctx.request("GET", "/api/keys", { key: admin.secret });
    expect(listed.status).toBe(200);
    expect(listed.body.keys.map((k: { id: string }) => k.id).sort()).toEqual([admin.key.id, below.key.id].sort());
    // The owner's key, a key of another site and an all-sites key read as absent, and stay valid.
    for (const target of [owner.keyId, otherSite.key.id, everySite.key.id]) {
      expect((await ctx.request("DELETE", `/api/keys/${target}`, { key: admin.secret })).status).toBe(404);
    }
    expect((await ctx.request("GET", "/api/sites", { key: owner.key })).status).toBe(200);
    expect((await ctx.request("DELETE", `/api/keys/${below.key.id}`, { key: admin.secret })).status).toBe(200);
  });

  test("an admin key cannot see or revoke an owner key", async () => {
    const owner = await orgWithSites(0);
    const admin = await ctx.createKey(owner.orgId, "admin");
    const ids = (await ctx.request("GET", "/api/keys", { key: admin.key })).body.keys.map((k: { id: string }) => k.id);
    expect(ids).toContain(admin.keyId);
    expect(ids).not.toContain(owner.keyId);
    expect((await ctx.request("DELETE", `/api/keys/${owner.keyId}`, { key: admin.key })).status).toBe(404);
  });

  test("a key made by an expiring key expires no later than it, by default at the same moment", async () => {
    const { orgId } = await orgWithSites(0);
    const { key, prefix, hash } = generateApiKey("test");
    const expiresAt = Math.floor(Date.now() / 1000) + 3600;
    await ctx.parts.stores.accounts.createKey({ orgId, name: "temp", role: "owner", environment: "test", prefix, hash, expiresAt: new Date(expiresAt * 1000) });
    const later = await newKey(key, { expiresAt: expiresAt + 60 });
    expect(later.status).toBe(400);
    expect(later.body.error).toContain("expiresAt");
    expect((await newKey(key, {})).body.key.expiresAt).toBe(expiresAt);
    expect((await newKey(key, { expiresAt: expiresAt - 60 })).body.key.expiresAt).toBe(expiresAt - 60);
  });
});

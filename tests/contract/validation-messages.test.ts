// Invalid input across the API is answered in plain words: 400, the field named, what it accepts said, and none of the
// validator's own wording (TypeBox's "Expected …", a regular expression, croner's "CronPattern:") in the sentence.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { ORIGIN, accountEnv } from "../fixtures/accounts.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext(accountEnv);
}, 120_000);
afterAll(() => ctx.close());

/** Validator wording and pattern syntax that must never reach a person. */
const validatorText = /Expected|to match|should be|Property '|CronPattern|\^|\$'|\\[sdw]|\[a-z|\{0,|unevaluated|Invalid body: \//i;

interface Case {
  title: string;
  method: string;
  path: (ids: { siteId: string }) => string;
  body?: unknown;
  field: string;
  says: string | RegExp;
}

const site = { name: "Docs", baseUrl: "https://docs.example.com" };
const cases: Case[] = [
  {
    title: "a site whose base URL is not an address",
    method: "POST",
    path: () => "/api/sites",
    body: { name: "x", baseUrl: "not a url" },
    field: "baseUrl",
    says: "http:// or https://",
  },
  {
    title: "a site whose base URL has no scheme",
    method: "POST",
    path: () => "/api/sites",
    body: { name: "x", baseUrl: "docs.example.com" },
    field: "baseUrl",
    says: "http:// or https://",
  },
  {
    title: "a site named with spaces only",
    method: "POST",
    path: () => "/api/sites",
    body: { name: "   ", baseUrl: "https://docs.example.com" },
    field: "name",
    says: "must not be empty or only spaces",
  },
  {
    title: "a site with an empty name",
    method: "POST",
    path: () => "/api/sites",
    body: { name: "", baseUrl: "https://docs.example.com" },
    field: "name",
    says: "must not be empty",
  },
  {
    title: "a site without a name",
    method: "POST",
    path: () => "/api/sites",
    body: { baseUrl: "https://docs.example.com" },
    field: "name",
    says: "is required",
  },
  {
    title: "a site with an unknown field",
    method: "POST",
    path: () => "/api/sites",
    body: { ...site, colour: "red" },
    field: "colour",
    says: "is not a field",
  },
  {
    title: "a crawl of zero pages",
    method: "POST",
    path: () => "/api/sites",
    body: { ...site, crawlerConfig: { maxPages: 0 } },
    field: "crawlerConfig.maxPages",
    says: "must be at least 1",
  },
  {
    title: "a crawl depth that is not a number",
    method: "POST",
    path: () => "/api/sites",
    body: { ...site, crawlerConfig: { maxDepth: "deep" } },
    field: "crawlerConfig.maxDepth",
    says: "whole number",
  },
  {
    title: "a rename to spaces only",
    method: "PUT",
    path: ({ siteId }) => `/api/sites/${siteId}`,
    body: { name: " \t " },
    field: "name",
    says: "must not be empty or only spaces",
  },
  {
    title: "an allowed domain written as a URL",
    method: "PUT",
    path: ({ siteId }) => `/api/sites/${siteId}`,
    body: { publicAccess: { allowedDomains: ["https://docs.example.com/"] } },
    field: "publicAccess.allowedDomains[0]",
    says: "a domain such as docs.example.com",
  },
  {
    title: "a schedule that is not cron",
    method: "PUT",
    path: ({ siteId }) => `/api/sites/${siteId}`,
    body: { crawlerConfig: { schedule: "every day" } },
    field: "crawlerConfig.schedule",
    says: '"0 3 * * *"',
  },
  {
    title: "a metadata field name with a space",
    method: "PUT",
    path: ({ siteId }) => `/api/sites/${siteId}`,
    body: { metadataSchema: [{ name: "my field", type: "string" }] },
    field: "metadataSchema[0].name",
    says: "start with a letter",
  },
  {
    title: "a boost of zero",
    method: "PUT",
    path: ({ siteId }) => `/api/sites/${siteId}`,
    body: { tagBoosts: [{ tag: "a", boost: 0 }] },
    field: "tagBoosts[0].boost",
    says: "more than 0",
  },
  {
    title: "a key named with spaces only",
    method: "POST",
    path: () => "/api/keys",
    body: { name: "  " },
    field: "name",
    says: "must not be empty or only spaces",
  },
  { title: "a key of an unknown role", method: "POST", path: () => "/api/keys", body: { name: "ci", role: "boss" }, field: "role", says: "must be one of:" },
  {
    title: "a group named with spaces only",
    method: "POST",
    path: () => "/api/groups",
    body: { name: " ", siteIds: ["s"] },
    field: "name",
    says: "must not be empty or only spaces",
  },
  { title: "a group of no sites", method: "POST", path: () => "/api/groups", body: { name: "All", siteIds: [] }, field: "siteIds", says: "at least 1 item" },
  {
    title: "a webhook to a non-web address",
    method: "POST",
    path: () => "/api/webhooks",
    body: { url: "ftp://hooks.example.com", events: ["site.ready"] },
    field: "url",
    says: "http:// or https://",
  },
  {
    title: "a page list that is not a list",
    method: "POST",
    path: ({ siteId }) => `/api/sites/${siteId}/pages`,
    body: { pages: "all" },
    field: "pages",
    says: "must be a list",
  },
  {
    title: "a search with a limit too high",
    method: "GET",
    path: ({ siteId }) => `/v1/public/sites/${siteId}/search?q=x&limit=1000`,
    field: "limit",
    says: "at most 100",
  },
  {
    title: "a search with a minimum score above 1",
    method: "GET",
    path: ({ siteId }) => `/v1/public/sites/${siteId}/search?q=x&minScore=2`,
    field: "minScore",
    says: "at most 1",
  },
  {
    title: "a search with a limit in words",
    method: "GET",
    path: ({ siteId }) => `/v1/public/sites/${siteId}/search?q=x&limit=ten`,
    field: "limit",
    says: "whole number",
  },
];

describe("validation messages", () => {
  let key = "";
  let siteId = "";
  beforeAll(async () => {
    ({ key } = await ctx.createOrg("enterprise"));
    ({ siteId } = (await ctx.request("POST", "/api/sites", { key, body: site })).body);
  });

  for (const c of cases) {
    describe(c.title, () => {
      test("is 400 naming the field and saying what it accepts, in plain words", async () => {
        const path = c.path({ siteId });
        const res = await ctx.request(c.method, path, path.startsWith("/v1/") ? {} : { key, body: c.body });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe("VALIDATION_FAILED");
        expect(res.body.error).toContain(`${c.field}: `);
        if (typeof c.says === "string") expect(res.body.error).toContain(c.says);
        else expect(res.body.error).toMatch(c.says);
        expect(res.body.error).not.toMatch(validatorText);
      });
    });
  }

  describe("a whitespace-only name", () => {
    test("leaves the site's name as it was", async () => {
      await ctx.request("PUT", `/api/sites/${siteId}`, { key, body: { name: "   " } });
      expect((await ctx.request("GET", `/api/sites/${siteId}`, { key })).body.name).toBe("Docs");
    });
  });

  describe("a name with spaces around it", () => {
    test("is stored trimmed for sites, keys and groups", async () => {
      const created = await ctx.request("POST", "/api/sites", { key, body: { name: "  Handbook  ", baseUrl: "https://handbook.example.com" } });
      expect(created.body.name).toBe("Handbook");
      const keyMade = await ctx.request("POST", "/api/keys", { key, body: { name: "  deploy  " } });
      expect(keyMade.body.key.name).toBe("deploy");
      const group = await ctx.request("POST", "/api/groups", { key, body: { name: " Everything ", siteIds: [siteId] } });
      expect(group.body.name).toBe("Everything");
    });
  });

  describe("a sign-in with an email that is not one", () => {
    test("says what an email address looks like", async () => {
      const res = await ctx.request("POST", "/api/session", { body: { email: "owner", password: "x" }, headers: { origin: ORIGIN } });
      expect(res.status).toBe(400);
      expect(res.body.error).toContain("email: must be an email address");
      expect(res.body.error).not.toMatch(validatorText);
    });
  });
});

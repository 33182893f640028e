import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { sql } from "drizzle-orm";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { ORIGIN, PASSWORD, accountEnv, cookieOf, randomIp, signIn, userInNewOrg } from "../fixtures/accounts.ts";
import { rows } from "../../server/adapters/postgres/database.ts";
import { AccountLimits } from "../../shared/limits.ts";

// argon2id is deliberately slow, and eight engineers share two cores.
setDefaultTimeout(30_000);
let ctx: TestContext;
let now = Date.now() / 1000;
beforeAll(async () => {
  ctx = await createTestContext(accountEnv, { clock: () => now });
}, 60_000);
afterAll(() => ctx.close());

const site = { name: "Docs", baseUrl: "https://docs.example.com" };

describe("first run", () => {
  test("a setup link creates the first owner and organisation once, and no link is issued after", async () => {
    // The first run is a database without users; on a shared PostgreSQL database earlier runs left some.
    await rows(ctx.db, sql`DELETE FROM users`);
    expect((await ctx.request("GET", "/api/setup")).body).toEqual({ needed: true });
    const token = (await ctx.parts.accounts.setup.issueSetupLink())!;
    const body = { token, email: "First@Example.test", password: PASSWORD, organisation: "Acme" };
    const wrong = await ctx.request("POST", "/api/setup", { body: { ...body, token: "x".repeat(43) }, headers: { origin: ORIGIN } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe("TOKEN_INVALID");
    const res = await ctx.request("POST", "/api/setup", { body, headers: { origin: ORIGIN } });
    expect(res.status).toBe(200);
    expect(res.body.organisation).toMatchObject({ name: "Acme", role: "owner" });
    expect(res.body.user.email).toBe("first@example.test");
    const setCookie = res.headers.get("set-cookie")!;
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).not.toContain("Secure");
    const again = await ctx.request("POST", "/api/setup", { body: { ...body, email: "second@example.test" }, headers: { origin: ORIGIN } });
    expect(again.status).toBe(400);
    expect((await ctx.request("GET", "/api/setup")).body).toEqual({ needed: false });
    expect(await ctx.parts.accounts.setup.issueSetupLink()).toBeNull();
    const me = await ctx.request("GET", "/api/session", { headers: { cookie: cookieOf(res.headers) } });
    expect(me.body.memberships).toHaveLength(1);
  });
});

describe("sessions", () => {
  test("a session acts on its organisation's API until logout", async () => {
    const user = await userInNewOrg(ctx);
    const created = await ctx.request("POST", "/api/sites", { body: site, headers: user.browser() });
    expect(created.status).toBe(200);
    const list = await ctx.request("GET", "/api/sites", { headers: { cookie: user.cookie } });
    expect(list.body.sites.map((s: { siteId: string }) => s.siteId)).toEqual([created.body.siteId]);
    expect((await ctx.request("DELETE", "/api/session", { headers: user.browser() })).status).toBe(200);
    expect((await ctx.request("GET", "/api/sites", { headers: { cookie: user.cookie } })).status).toBe(401);
  });

  test("a wrong password is 401 and says nothing about which part was wrong", async () => {
    const user = await userInNewOrg(ctx);
    const res = await ctx.request("POST", "/api/session", { body: { email: user.email, password: "not the password" }, headers: { origin: ORIGIN } });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe("Wrong email or password.");
    expect((await ctx.request("POST", "/api/session", { body: { email: "nobody@example.test", password: "x" }, headers: { origin: ORIGIN } })).body.error).toBe(
      "Wrong email or password.",
    );
  });

  test("logins are rate limited per email before the password is checked", async () => {
    const user = await userInNewOrg(ctx);
    const statuses: number[] = [];
    const ip = randomIp();
    for (let i = 0; i < AccountLimits.loginFailuresPerMinutePerEmailAndIp + 1; i++) {
      statuses.push(
        (await ctx.request("POST", "/api/session", { body: { email: user.email, password: `guess ${i}` }, headers: { origin: ORIGIN, "x-forwarded-for": ip } }))
          .status,
      );
    }
    // The user's own sign-in does not count; five failed guesses fill the window, the sixth is refused unchecked.
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 401).length).toBe(AccountLimits.loginFailuresPerMinutePerEmailAndIp);
  });

  test("a session expires after its lifetime", async () => {
    const user = await userInNewOrg(ctx);
    expect((await ctx.request("GET", "/api/session", { headers: { cookie: user.cookie } })).status).toBe(200);
    now += AccountLimits.sessionSeconds + 1;
    try {
      expect((await ctx.request("GET", "/api/sites", { headers: { cookie: user.cookie } })).status).toBe(401);
    } finally {
      now = Date.now() / 1000;
    }
  });

  test("the cookie is Secure when the request came over HTTPS", async () => {
    const user = await userInNewOrg(ctx);
    const res = await ctx.app.handle(
      new Request("https://localhost/api/session", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "https://localhost" },
        body: JSON.stringify({ email: user.email, password: PASSWORD }),
      }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toContain("; Secure");
  });

  test("over HTTPS the cookie carries the __Host- prefix, and only that cookie signs a request in", async () => {
    const user = await userInNewOrg(ctx);
    const https = (path: string, init: RequestInit) => ctx.app.handle(new Request(`https://localhost${path}`, init));
    const res = await https("/api/session", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://localhost", "x-forwarded-for": randomIp() },
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
    });
    const setCookie = res.headers.get("set-cookie")!;
    expect(setCookie).toStartWith("__Host-site_search_session=");
    expect(setCookie).toContain("; Path=/;");
    expect(setCookie).not.toContain("Domain=");
    const cookie = cookieOf(res.headers);
    expect((await https("/api/session", { headers: { cookie } })).status).toBe(200);
    // The same token under the bare name (which a plain-http page or a sibling subdomain could plant) is not read over HTTPS.
    expect((await https("/api/session", { headers: { cookie: cookie.replace("__Host-", "") } })).status).toBe(401);
    const out = await https("/api/session", { method: "DELETE", headers: { cookie, origin: "https://localhost" } });
    expect(out.headers.get("set-cookie")).toStartWith("__Host-site_search_session=;");
    // Plain http on localhost keeps working with the bare name.
    expect((await signIn(ctx, user.email)).cookie).toStartWith("site_search_session=");
  });

  test("a password change ends the user's other sessions and the old password stops working", async () => {
    const user = await userInNewOrg(ctx);
    const other = await signIn(ctx, user.email);
    const wrong = await ctx.request("PUT", "/api/session/password", {
      body: { currentPassword: "wrong one!", newPassword: "a brand new passphrase" },
      headers: user.browser(),
    });
    expect(wrong.status).toBe(400);
    const res = await ctx.request("PUT", "/api/session/password", {
      body: { currentPassword: PASSWORD, newPassword: "a brand new passphrase" },
      headers: user.browser(),
    });
    expect(res.status).toBe(200);
    expect((await ctx.request("GET", "/api/session", { headers: { cookie: user.cookie } })).status).toBe(200);
    expect((await ctx.request("GET", "/api/session", { headers: { cookie: other.cookie } })).status).toBe(401);
    expect((await signIn(ctx, user.email)).status).toBe(401);
    expect((await signIn(ctx, user.email, "a brand new passphrase")).status).toBe(200);
  });
});

describe("cross-site request defence", () => {
  test("a state-changing request with the cookie but no or another Origin is 403 and changes nothing", async () => {
    const user = await userInNewOrg(ctx);
    for (const headers of [{ cookie: user.cookie }, user.browser({ origin: "https://evil.example" }), user.browser({ origin: "null" })]) {
      const res = await ctx.request("POST", "/api/sites", { body: site, headers });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("CSRF_REJECTED");
    }
    expect((await ctx.request("GET", "/api/sites", { headers: { cookie: user.cookie } })).body.sites).toEqual([]);
    expect((await ctx.request("POST", "/api/sites", { body: site, headers: user.browser() })).status).toBe(200);
  });

  test("logout and login from another origin are refused too", async () => {
    const user = await userInNewOrg(ctx);
    expect((await ctx.request("DELETE", "/api/session", { headers: user.browser({ origin: "https://evil.example" }) })).status).toBe(403);
    expect((await ctx.request("GET", "/api/session", { headers: { cookie: user.cookie } })).status).toBe(200);
    expect(
      (await ctx.request("POST", "/api/session", { body: { email: user.email, password: PASSWORD }, headers: { origin: "https://evil.example" } })).status,
    ).toBe(403);
  });
});

describe("invitations", () => {
  test("an owner's one-time link adds a member, who cannot invite or manage keys", async () => {
    const owner = await userInNewOrg(ctx);
    const invite = await ctx.request("POST", "/api/invites", { body: { role: "member" }, headers: owner.browser() });
    expect(invite.status).toBe(200);
    const token = new URL(invite.body.link, ORIGIN).searchParams.get("token")!;
    const accept = { token, email: "new-member@example.test".replace("new", Math.random().toString(36).slice(2)), password: PASSWORD };
    const joined = await ctx.request("POST", "/api/invites/accept", { body: accept, headers: { origin: ORIGIN } });
    expect(joined.status).toBe(200);
    expect(joined.body.organisation).toMatchObject({ orgId: owner.orgId, role: "member" });
    const member = { cookie: cookieOf(joined.headers), origin: ORIGIN };
    expect((await ctx.request("POST", "/api/invites/accept", { body: { ...accept, email: `x${accept.email}` }, headers: { origin: ORIGIN } })).status).toBe(
      400,
    );
    const refused = await ctx.request("POST", "/api/invites", { body: {}, headers: member });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("ROLE_REQUIRED");
    expect((await ctx.request("GET", "/api/keys", { headers: member })).status).toBe(403);
    expect((await ctx.request("GET", "/api/sites", { headers: member })).status).toBe(200);
  });

  test("an admin cannot invite an owner", async () => {
    const admin = await userInNewOrg(ctx, "admin");
    expect((await ctx.request("POST", "/api/invites", { body: { role: "owner" }, headers: admin.browser() })).status).toBe(403);
  });
});

describe("CLI user commands", () => {
  test("users create adds a user who can sign in with the printed password; reset-password replaces it and ends sessions", async () => {
    const { orgId } = await ctx.createOrg();
    const email = `cli-${Math.random().toString(36).slice(2)}@example.test`;
    const { setup } = ctx.parts.accounts;
    const sessionStore = ctx.parts.stores.sessions;
    const { password } = await setup.createUser({ orgId, email, role: "admin" });
    const first = await signIn(ctx, email, password!);
    expect(first.status).toBe(200);
    const fresh = await setup.resetPassword(email, (userId) => sessionStore.deleteForUser(userId));
    expect((await ctx.request("GET", "/api/session", { headers: { cookie: first.cookie } })).status).toBe(401);
    expect((await signIn(ctx, email, password!)).status).toBe(401);
    expect((await signIn(ctx, email, fresh)).status).toBe(200);
  });
});

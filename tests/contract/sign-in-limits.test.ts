// Sign-in limits: only failed password checks count, per (email, address) with a higher threshold per email, so one
// address cannot lock an account for the others; and accepting an invitation is no password or email oracle.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { ORIGIN, PASSWORD, accountEnv, randomIp, signIn, userInNewOrg } from "../fixtures/accounts.ts";
import { AccountLimits } from "../../shared/limits.ts";

// argon2id is deliberately slow, and several engineers share two cores.
setDefaultTimeout(60_000);
let ctx: TestContext;
// Mid-minute and frozen, so every attempt of a test falls in one rate-limit window.
const now = Math.floor(Date.now() / 60_000) * 60 + 30;
beforeAll(async () => {
  ctx = await createTestContext(accountEnv, { clock: () => now });
}, 60_000);
afterAll(() => ctx.close());

const login = (email: string, password: string, ip: string) =>
  ctx.request("POST", "/api/session", { body: { email, password }, headers: { origin: ORIGIN, "x-forwarded-for": ip } });

describe("login limits", () => {
  test("successful sign-ins never count: after many good logins a wrong password is 401 and the right one still works", async () => {
    const user = await userInNewOrg(ctx);
    const ip = randomIp();
    for (let i = 0; i < AccountLimits.loginFailuresPerMinutePerEmailAndIp + 2; i++) expect((await signIn(ctx, user.email, PASSWORD, ip)).status).toBe(200);
    expect((await login(user.email, "not the password", ip)).status).toBe(401);
    expect((await signIn(ctx, user.email, PASSWORD, ip)).status).toBe(200);
  });

  test("guesses from one address lock that address out, not the account's owner at another address", async () => {
    const user = await userInNewOrg(ctx);
    const attacker = randomIp();
    for (let i = 0; i < AccountLimits.loginFailuresPerMinutePerEmailAndIp; i++)
      expect((await login(user.email, `wrong guess ${i}`, attacker)).status).toBe(401);
    const refused = await login(user.email, PASSWORD, attacker);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("RATE_LIMITED");
    expect((await signIn(ctx, user.email, PASSWORD, randomIp())).status).toBe(200);
  });

  test("guesses spread over many addresses stop at the higher per-email threshold", async () => {
    const user = await userInNewOrg(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < AccountLimits.loginFailuresPerMinutePerEmail + 1; i++) statuses.push((await login(user.email, `wrong guess ${i}`, randomIp())).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(AccountLimits.loginFailuresPerMinutePerEmail);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("accepting an invitation", () => {
  async function inviteLink() {
    const owner = await userInNewOrg(ctx);
    const invite = await ctx.request("POST", "/api/invites", { body: { role: "member" }, headers: owner.browser() });
    return new URL(invite.body.link, ORIGIN).searchParams.get("token")!;
  }
  const accept = (token: string, email: string, password: string, ip = randomIp()) =>
    ctx.request("POST", "/api/invites/accept", { body: { token, email, password }, headers: { origin: ORIGIN, "x-forwarded-for": ip } });

  test("a made-up link answers the same whatever the email and password, and checks no password", async () => {
    const victim = await userInNewOrg(ctx);
    const madeUp = "x".repeat(43);
    const answers = [
      await accept(madeUp, victim.email, "a wrong password"),
      await accept(madeUp, victim.email, PASSWORD),
      await accept(madeUp, "nobody-here@example.test", PASSWORD),
    ];
    const shape = (res: (typeof answers)[number]) => ({ status: res.status, code: res.body.code, error: res.body.error });
    for (const res of answers) expect(shape(res)).toEqual(shape(answers[0]!));
    expect(shape(answers[0]!)).toMatchObject({ status: 400, code: "TOKEN_INVALID" });
    // No guess counted: the victim's limit from one address is untouched, as five wrong passwords from it still answer 401.
    const ip = randomIp();
    for (let i = 0; i < 3; i++) await accept(madeUp, victim.email, `wrong guess ${i}`, ip);
    for (let i = 0; i < AccountLimits.loginFailuresPerMinutePerEmailAndIp; i++) expect((await login(victim.email, `wrong guess ${i}`, ip)).status).toBe(401);
  });

  test("with a real link, a wrong password for an existing account gets the same answer as a spent link, and spends it", async () => {
    const existing = await userInNewOrg(ctx);
    const token = await inviteLink();
    const wrong = await accept(token, existing.email, "a wrong password");
    const spent = await accept(token, existing.email, PASSWORD);
    expect(wrong.status).toBe(400);
    expect(spent.status).toBe(400);
    expect(wrong.body.error).toBe(spent.body.error);
    expect(wrong.body.code).toBe(spent.body.code);
    // The right password with a fresh link joins.
    const joined = await accept(await inviteLink(), existing.email, PASSWORD);
    expect(joined.status).toBe(200);
    expect(joined.body.memberships).toHaveLength(2);
  });

  test("password checks through invitations count against the same sign-in limits", async () => {
    const victim = await userInNewOrg(ctx);
    const ip = randomIp();
    for (let i = 0; i < AccountLimits.loginFailuresPerMinutePerEmailAndIp; i++) {
      const res = await accept(await inviteLink(), victim.email, `wrong guess ${i}`, ip);
      expect(res.body).toMatchObject({ code: "TOKEN_INVALID" });
    }
    const refused = await accept(await inviteLink(), victim.email, PASSWORD, ip);
    expect(refused.status).toBe(429);
    expect((await login(victim.email, PASSWORD, ip)).status).toBe(429);
  });
});

// Anonymous first-run setup requests cannot stall sign-in: the link and "is setup still open" are checked before the
// password is hashed, each address has a per-minute limit, and hashing waits behind sign-in checks.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { ORIGIN, accountEnv, randomIp, signIn, userInNewOrg } from "../fixtures/accounts.ts";
import { AccountLimits } from "../../shared/limits.ts";

setDefaultTimeout(120_000);
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext(accountEnv);
}, 60_000);
afterAll(() => ctx.close());

const setup = (ip: string, i: number) =>
  ctx.request("POST", "/api/setup", {
    body: { token: "x".repeat(43), email: `setup-${i}@example.test`, password: `a long enough password ${i}`, organisation: "Acme" },
    headers: { origin: ORIGIN, "x-forwarded-for": ip },
  });

async function timedSignIn(email: string): Promise<number> {
  const started = performance.now();
  expect((await signIn(ctx, email)).status).toBe(200);
  return performance.now() - started;
}

describe("first-run setup", () => {
  test("is limited per address: the request after the limit is 429", async () => {
    const ip = randomIp();
    for (let i = 0; i < AccountLimits.setupPerMinutePerIp; i++) expect((await setup(ip, i)).body.code).toBe("TOKEN_INVALID");
    const refused = await setup(ip, 99);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("RATE_LIMITED");
  });

  test("a burst of setup requests with a made-up link hashes nothing, so a sign-in beside it stays quick", async () => {
    const user = await userInNewOrg(ctx);
    // Baseline in the same test, on the same loaded machine: the slowest of three quiet sign-ins.
    const baseline = Math.max(await timedSignIn(user.email), await timedSignIn(user.email), await timedSignIn(user.email));
    const burst = Array.from({ length: 40 }, (_, i) => setup(randomIp(), i));
    const during = await timedSignIn(user.email);
    const answers = await Promise.all(burst);
    expect(answers.every((a) => a.status === 400 && a.body.code === "TOKEN_INVALID")).toBe(true);
    // Hashing 40 passwords first would take about 40 sign-ins; checking 40 links takes a fraction of one.
    expect(during).toBeLessThan(baseline * 8 + 250);
  });
});

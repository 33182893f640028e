// The site owner's whole journey in the dashboard, against the real service started as `npm start` would
// (its own process, on loopback), crawling the httpd manual fixture served on loopback.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Subprocess } from "bun";
import type { Browser } from "playwright-core";
import { launchChromium } from "./widget-page.ts";
import { DashboardPage } from "./dashboard-page.ts";
import { checkScreen } from "./screen-baselines.ts";
import { serveCrawlSite, type CrawlSite } from "../fixtures/crawl-site-server.ts";
import { fixtureEmbeddingsEnv } from "../fixtures/fixture-embeddings-service.ts";
import { openDatabase, rows } from "../../server/adapters/postgres/database.ts";
import { sql } from "drizzle-orm";

const root = join(import.meta.dir, "../..");
const built = existsSync(join(root, "dist/dashboard/index.html"));
setDefaultTimeout(300_000);

let server: Subprocess<"ignore", "pipe", "pipe"> | null = null;
let browser: Browser;
let site: CrawlSite;
let setupLink = "";
let base = "";

/** Starts `bun server/main.ts` and reads the first-run link it prints. */
async function startService(): Promise<void> {
  if (process.env.DATABASE_URL) {
    // The first run is a database without users; this test database may hold earlier runs' users.
    const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: "" });
    await rows(db.db, sql`DELETE FROM users`);
    await db.close();
  }
  server = Bun.spawn([process.execPath, "server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: "memory://",
      LOG_LEVEL: "warn",
      CRAWL_ALLOW_PRIVATE_NETWORKS: "true",
      CRAWL_HOST_INTERVAL_MS: "0",
      ANTHROPIC_API_KEY: "",
      ...fixtureEmbeddingsEnv(),
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const reader = server.stdout.getReader();
  let out = "";
  const deadline = Date.now() + 60_000;
  while (!/\/dashboard\/setup\?token=\S+/.test(out) && Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    out += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  setupLink = /(http:\/\/\S+\/dashboard\/setup\?token=\S+)/.exec(out)?.[1] ?? "";
  base = setupLink.replace(/\/dashboard\/.*$/, "");
  if (!setupLink) throw new Error(`no setup link printed: ${out}${await new Response(server.stderr).text()}`);
}

beforeAll(async () => {
  if (!built) return;
  site = serveCrawlSite({ root: join(root, "tests/fixtures/httpd/site") });
  await startService();
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  // The service runs background workers on the shared test database: it must be gone before the next file runs,
  // even if its shutdown hangs.
  server?.kill();
  if (server && (await Promise.race([server.exited.then(() => true), Bun.sleep(10_000).then(() => false)])) === false) server.kill("SIGKILL");
  await server?.exited;
  site?.stop();
});

describe.skipIf(!built && !process.env.CI)("dashboard journey", () => {
  test("an owner goes from the printed link to a searched, crawled site, manages keys, sees analytics and signs out", async () => {
    const d = await DashboardPage.open(browser, base);
    try {
      await journey(d);
    } catch (error) {
      await d.page.screenshot({ path: join(root, ".ci/dashboard-failure.png"), fullPage: true }).catch(() => {});
      throw error;
    }
  });
});

async function journey(d: DashboardPage): Promise<void> {
  const violations = [];

  // First run: the printed link creates the owner and the organisation.
  await d.page.goto(setupLink);
  violations.push(...(await d.capture("setup")));
  await d.field("organisation").fill("Acme Docs");
  await d.field("email").fill("owner@example.test");
  await d.field("password").fill("correct horse battery");
  await d.button("Create account").click();
  await d.page.getByRole("heading", { name: "Sites" }).waitFor();
  violations.push(...(await d.capture("sites-empty")));

  // Create a site with the wizard.
  await d.link("New site").click();
  await d.field("baseUrl").fill(`${site.origin}/`);
  await d.field("name").fill("httpd manual");
  violations.push(...(await d.capture("wizard-address")));
  await d.button("Next").click();
  await d.field("maxPages").fill("8");
  await d.button("Next").click();
  // Allowed domains start with the base URL's host; the page the snippet goes on is asked for and added.
  expect(await d.field("allowedDomains").inputValue()).toBe(new URL(site.origin).host);
  await d.field("allowedDomains").fill("127.0.0.1");
  await d.field("pageOrigin").fill("localhost:5173");
  await d.button("Create site").click();
  await d.page.getByText("is not a page's origin").waitFor();
  await d.field("pageOrigin").fill("http://localhost:5173");
  violations.push(...(await d.capture("wizard-access")));
  await d.button("Create site").click();
  await d.page.getByText("Paste this where the search box").waitFor();
  expect(await d.testId("snippet-origins").textContent()).toMatch(/works on pages served from\s+127\.0\.0\.1,\s*localhost:5173\./);
  // The snippet names this run's service address and site id: the rest of the screen is compared.
  violations.push(...(await checkScreen(d, "wizard-snippet", { docs: 1280, mask: () => [d.page.locator("site-new-page pre")] })));

  // Crawl it and watch the counters move without reloading.
  await d.button("Start the first crawl").click();
  await d.testId("pages-processed").waitFor();
  await d.page.waitForFunction(
    () =>
      Number(
        document.querySelector("dashboard-app")?.shadowRoot?.querySelector("site-page")?.shadowRoot?.querySelector('[data-testid="pages-processed"]')
          ?.textContent,
      ) > 0,
    null,
    { timeout: 60_000 },
  );
  await d.page.waitForFunction(
    () =>
      /completed|failed/.test(
        document.querySelector("dashboard-app")?.shadowRoot?.querySelector("site-page")?.shadowRoot?.querySelector('[data-testid="job-status"]')?.textContent ??
          "",
      ),
    null,
    { timeout: 90_000 },
  );
  expect(await d.testId("job-status").textContent()).toBe("completed");
  // The worker marks the site ready just after the job; under load that can lag, so look again until it shows.
  for (let i = 0; i < 30 && Number(await d.testId("page-count").textContent()) === 0; i++) {
    await d.page.waitForTimeout(2000);
    if (i % 5 === 4) await d.page.reload();
  }
  expect(Number(await d.testId("page-count").textContent())).toBeGreaterThan(0);
  violations.push(...(await d.capture("site")));
  const siteId = new URL(d.page.url()).pathname.split("/").pop()!;

  // Search it in the playground.
  await d.nav("/playground").click({ noWaitAfter: true });
  await d.field("query").fill("directive");
  await d.field("minScore").fill("0");
  await d.button("Search").click();
  await d.page.locator('[data-testid="search-summary"], sl-alert[variant="danger"]').first().waitFor({ timeout: 60_000 });
  expect(await d.page.locator('sl-alert[variant="danger"]').count()).toBe(0);
  expect(await d.testId("search-summary").textContent()).not.toMatch(/^\s*0 result/);
  violations.push(...(await d.capture("playground")));

  // A search-only key is refused on an ingest route, naming the scope; revoked, it is refused at once.
  await d.nav("/keys").click({ noWaitAfter: true });
  await d.field("name").fill("search only");
  for (const action of ["ingest", "crawl", "analytics", "admin"]) await d.page.locator(`sl-checkbox[name="action-${action}"]`).click();
  await d.button("Create key").click();
  await d.page.locator('[data-testid="new-key"]', { hasText: "srch_" }).waitFor();
  const secret = (await d.testId("new-key").textContent())!.trim();
  expect(secret).toMatch(/^srch_live_/);
  violations.push(...(await d.capture("key-created")));
  await d.button("Done").click();
  const call = (path: string, body: unknown) =>
    fetch(base + path, { method: "POST", headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" }, body: JSON.stringify(body) });
  const ingest = await call(`/api/sites/${siteId}/pages`, { pages: [{ url: `${site.origin}/x`, title: "x", summary: "x", tags: [], content: "x" }] });
  expect(ingest.status).toBe(403);
  expect(((await ingest.json()) as { error: string }).error).toContain('"ingest"');
  expect((await call(`/api/sites/${siteId}/search`, { query: "directive" })).status).toBe(200);
  await d.button("Revoke search only").click();
  await d.button("Revoke key").click();
  await d.page.getByText("revoked").waitFor();
  violations.push(...(await d.capture("keys")));
  expect((await call(`/api/sites/${siteId}/search`, { query: "directive" })).status).toBe(401);

  // The day's searches appear in the chart (the recorder writes once a second): the key's search, not the owner's
  // own try in the playground.
  await d.nav("/analytics").click({ noWaitAfter: true });
  for (let i = 0; i < 10 && Number((await d.testId("total-searches").textContent()) ?? 0) < 1; i++) {
    await d.page.waitForTimeout(1000);
    await d.page.reload();
  }
  await d.page.waitForTimeout(1500);
  await d.page.reload();
  expect(Number(await d.testId("total-searches").textContent())).toBe(1);
  await d.page.locator("canvas").waitFor();
  violations.push(...(await d.capture("analytics")));

  // Each screen has its own URL: open this one directly.
  await d.goto("/dashboard/docs");
  await d.page.getByRole("heading", { name: /site-search API/ }).waitFor();
  violations.push(...(await d.capture("docs")));

  // Usable at 360 px: nothing wider than the screen.
  const narrow = await DashboardPage.open(browser, base, 360);
  await narrow.page.context().addCookies(await d.page.context().cookies());
  await narrow.goto(`/dashboard/sites/${siteId}`);
  await narrow.testId("page-count").waitFor();
  expect(await narrow.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await narrow.capture("site-360");

  await d.button("Sign out").click();
  await d.page.getByRole("heading", { name: "Sign in" }).waitFor();
  violations.push(...(await d.capture("login")));
  expect(
    (await fetch(`${base}/api/sites`, { headers: { cookie: (await d.page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ") } })).status,
  ).toBe(401);
  violations.push(...(await signInAfterATypo(d)));

  expect(violations.map((v) => `${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`)).toEqual([]);
  expect(d.cspViolations).toEqual([]);
  expect(d.errors).toEqual([]);
}

/**
 * After the first run's sign-in, a mistyped password is told as such (not "too many attempts"), and the right one
 * still signs in: the login limit counts failures, not successes.
 */
async function signInAfterATypo(d: DashboardPage) {
  // Two good sign-ins elsewhere (another browser, a script) come first.
  for (let i = 0; i < 2; i++) {
    const body = JSON.stringify({ email: "owner@example.test", password: "correct horse battery" });
    const res = await fetch(`${base}/api/session`, { method: "POST", headers: { origin: base, "content-type": "application/json" }, body });
    expect(res.status).toBe(200);
  }
  await d.field("email").fill("owner@example.test");
  await d.field("password").fill("correct horse battery staple");
  await d.button("Sign in").click();
  const refusal = d.page.locator('login-page sl-alert[variant="danger"]');
  await refusal.waitFor();
  expect(await refusal.textContent()).toContain("Wrong email or password.");
  const found = await checkScreen(d, "login-wrong-password");
  await d.field("password").fill("correct horse battery");
  await d.button("Sign in").click();
  await d.page.getByRole("heading", { name: "Sites" }).waitFor();
  return found;
}

// The owner's screens beyond the first crawl, on a phone (375 px) and a laptop (1280 px), light and dark: tables that
// become cards and a header that folds into a menu, webhooks (secret shown once, deliveries, ping, delete), schedule
// presets with the next crawl, and every crawl error grouped, filtered and exported. Data is seeded through the API;
// one small crawl makes the errors. Screenshots go to docs/images, with an axe check in each theme.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Locator } from "playwright-core";
import { launchChromium, type AxeViolation } from "./widget-page.ts";
import { DashboardPage } from "./dashboard-page.ts";
import { checkScreen, compareBaseline } from "./screen-baselines.ts";
import { startDashboardService, type DashboardService } from "./dashboard-service.ts";
import { serveCrawlSite, type CrawlSite } from "../fixtures/crawl-site-server.ts";

const root = join(import.meta.dir, "../..");
const built = existsSync(join(root, "dist/dashboard/index.html"));
setDefaultTimeout(300_000);

const DEAD = 30;
const BROKEN = 3;
let service: DashboardService;
let browser: Browser;
let site: CrawlSite;
let receiver: ReturnType<typeof Bun.serve>;
const received: string[] = [];
const saved: Record<string, string | undefined> = {};

/** A site whose home page links a whole folder that is gone (an old translation) and three pages that fail. */
function serveBrokenSite(): CrawlSite {
  const html = (title: string, links: string[]) =>
    `<html><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${title}: enough words to be indexed as a page of its own, about installing and configuring the server.</p>${links.map((l) => `<a href="${l}">${l}</a>`).join(" ")}</main></body></html>`;
  const links = [
    "/guide.html",
    ...Array.from({ length: DEAD }, (_, i) => `/old/de/seite-${String(i).padStart(2, "0")}.html`),
    ...Array.from({ length: BROKEN }, (_, i) => `/report-${i}`),
  ];
  const failing = Object.fromEntries(Array.from({ length: BROKEN }, (_, i) => [`/report-${i}`, () => new Response("oops", { status: 500 })]));
  return serveCrawlSite({ routes: { "/": html("Home", links), "/guide.html": html("Guide", []), ...failing } });
}

beforeAll(async () => {
  if (!built) return;
  // The crawl fixture and the webhook receiver are on loopback; the service reads these from the environment.
  for (const [name, value] of Object.entries({ CRAWL_ALLOW_PRIVATE_NETWORKS: "true", CRAWL_HOST_INTERVAL_MS: "0" })) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
  site = serveBrokenSite();
  receiver = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(request) {
      received.push(new URL(request.url).pathname);
      return new Response(null, { status: new URL(request.url).pathname === "/down" ? 503 : 204 });
    },
  });
  service = await startDashboardService();
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await service?.stop();
  site?.stop();
  receiver?.stop(true);
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

/** Signed-in API calls as the dashboard makes them: the session cookie and the service's own Origin. */
function apiAs(d: DashboardPage) {
  return async (method: string, path: string, body?: unknown) => {
    const cookie = (await d.page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const headers = { cookie, origin: service.base, "content-type": "application/json" };
    const res = await fetch(service.base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
}
type Api = ReturnType<typeof apiAs>;

async function until<T>(probe: () => Promise<T>, done: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > end) return value;
    await Bun.sleep(200);
  }
}

/**
 * The screen as it is now against tests/e2e/baselines/dashboard-<name>-<scheme>.png, light and dark; what changes from
 * run to run (ports, ids, times) is masked. Returns the pictures that moved.
 */
async function compare(d: DashboardPage, name: string, mask: Locator[] = []): Promise<AxeViolation[]> {
  const moved: AxeViolation[] = [];
  for (const scheme of ["light", "dark"] as const) {
    await d.page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    await d.settle();
    moved.push(...(await compareBaseline(d, `dashboard-${name}-${scheme}`, mask)));
  }
  await d.page.emulateMedia({ colorScheme: "light" });
  return moved;
}

/** Nothing on the screen is wider than it: no column or button cut off. */
const overflow = (d: DashboardPage) => d.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe.skipIf(!built && !process.env.CI)("dashboard: phones, webhooks, schedules and crawl errors", () => {
  test("an owner reads every table on a phone, subscribes a webhook, picks a schedule and works through the crawl errors", async () => {
    const d = await DashboardPage.open(browser, service.base);
    const violations: AxeViolation[] = [];
    let phone: DashboardPage | null = null;
    try {
      await d.page.goto(service.setupLink);
      await d.field("organisation").fill("Acme Docs");
      await d.field("email").fill("owner@example.test");
      await d.field("password").fill("correct horse battery");
      await d.button("Create account").click();
      await d.page.getByRole("heading", { name: "Sites" }).waitFor();
      const api = apiAs(d);
      const { siteId } = await api("POST", "/api/sites", { name: "Broken links demo", baseUrl: `${site.origin}/` });
      const { jobId } = await api("POST", `/api/sites/${siteId}/crawl`);
      const job = await until(
        () => api("GET", `/api/jobs/${jobId}`),
        (j) => j.status === "completed" || j.status === "failed",
      );
      expect(job.status).toBe("completed");
      expect(job.pagesErrored).toBe(DEAD + BROKEN);
      await api("POST", "/api/keys", { name: "docs deploy with a long name", role: "member", actions: ["search"], sites: null, expiresAt: null });

      phone = await DashboardPage.open(browser, service.base, 375);
      await phone.page.context().addCookies(await d.page.context().cookies());
      violations.push(...(await phoneScreens(phone, siteId)));
      violations.push(...(await webhooks(d, phone, api)));
      violations.push(...(await schedule(d, phone, api, siteId)));
      violations.push(...(await crawlErrors(d, phone, siteId, jobId)));
    } catch (error) {
      await d.page.screenshot({ path: join(root, ".ci/dashboard-screens-failure.png"), fullPage: true }).catch(() => {});
      await phone?.page.screenshot({ path: join(root, ".ci/dashboard-screens-phone-failure.png"), fullPage: true }).catch(() => {});
      throw error;
    }
    expect(violations.map((v) => `${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`)).toEqual([]);
    expect([...d.errors, ...(phone?.errors ?? [])]).toEqual([]);
    expect([...d.cspViolations, ...(phone?.cspViolations ?? [])]).toEqual([]);
  });
});

/** At 375 px: the header is one line with a menu; the sites, keys, crawl history and usage tables are cards. */
async function phoneScreens(p: DashboardPage, siteId: string): Promise<AxeViolation[]> {
  const found: AxeViolation[] = [];
  await p.goto("/dashboard/sites");
  await p.testId("sites-table").waitFor();
  const header = p.page.locator("header").filter({ has: p.page.locator(".brand") });
  expect((await header.boundingBox())!.height).toBeLessThan(70);
  expect(await header.locator("nav").isVisible()).toBe(false);
  expect(await overflow(p)).toBeLessThanOrEqual(0);
  // Each row is a card whose cells say what they are.
  expect(await p.testId("sites-table").locator("tbody td").first().getAttribute("data-label")).toBe("Site");
  found.push(...(await checkScreen(p, "sites", { docs: 375, mask: () => [p.testId("sites-table").locator("td:nth-child(4)")] })));

  // The menu opens a drawer with the whole navigation; following a link closes it.
  await p.button("Menu").click();
  const menu = p.page.locator('sl-drawer nav[aria-label="Main menu"]');
  await menu.getByRole("link", { name: "API keys" }).waitFor();
  found.push(...(await p.capture("menu-375")));
  found.push(...(await compare(p, "menu-375")));
  await menu.getByRole("link", { name: "API keys" }).click();
  await p.testId("keys-table").waitFor();
  await menu.waitFor({ state: "detached" });
  const revoke = p.page.getByRole("button", { name: /^Revoke/ }).first();
  const box = await revoke.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  expect(await overflow(p)).toBeLessThanOrEqual(0);
  found.push(
    ...(await checkScreen(p, "keys", {
      docs: 375,
      focus: () => revoke,
      mask: () => [p.testId("keys-table").locator("code, td:nth-child(5), td:nth-child(6)")],
    })),
  );

  await p.goto(`/dashboard/sites/${siteId}`);
  await p.testId("crawl-history").locator("tbody tr").first().waitFor();
  expect(await overflow(p)).toBeLessThanOrEqual(0);
  expect(await p.testId("crawl-history").locator("td[data-label='Errors']").first().textContent()).toBe(String(DEAD + BROKEN));
  found.push(...(await p.capture("site-375")));

  await p.goto("/dashboard/analytics");
  await p.testId("usage-by-purpose").waitFor();
  expect(await overflow(p)).toBeLessThanOrEqual(0);
  return found;
}

async function webhooks(d: DashboardPage, p: DashboardPage, api: Api): Promise<AxeViolation[]> {
  const found: AxeViolation[] = [];
  const origin = `http://127.0.0.1:${receiver.port}`;
  await d.nav("/webhooks").click();
  await d.testId("no-webhooks").waitFor();
  found.push(...(await compare(d, "webhooks-empty-1280")));
  await p.goto("/dashboard/webhooks");
  await p.testId("no-webhooks").waitFor();
  found.push(...(await compare(p, "webhooks-empty-375")));
  // Plain words before anything is sent.
  await d.field("url").fill("hooks.example.com/x");
  await d.button("Add webhook").click();
  expect(await d.testId("webhook-error").textContent()).toContain("starting with https://");

  await d.field("url").fill(`${origin}/ok`);
  await d.page.locator('sl-checkbox[name="event-site.stale"]').click();
  await d.button("Add webhook").click();
  const secret = d.testId("webhook-secret");
  await secret.filter({ hasText: "whsec_" }).waitFor();
  expect(await d.button("Copy secret").isVisible()).toBe(true);
  found.push(...(await d.capture("webhook-secret")));
  await d.button("Done").click();
  await d.page.locator("webhooks-page sl-dialog[open]").waitFor({ state: "detached" });
  // The secret is not shown again: the list has no trace of it.
  expect(await d.page.locator("webhooks-page").textContent()).not.toContain("whsec_");
  const [hook] = (await api("GET", "/api/webhooks")).webhooks;
  expect(hook.events).toEqual(["crawl.completed", "crawl.failed", "site.ready", "pages.removed"]);

  await d.field("url").fill(`${origin}/down`);
  await d.button("Add webhook").click();
  await d.button("Done").click();
  await d.testId("webhook").nth(1).waitFor();

  // Each ping shows up as a delivery: delivered to the working receiver, waiting for a retry at the failing one.
  for (const card of await d.testId("webhook").all()) await card.getByRole("button", { name: /^Send a ping/ }).click();
  const ok = d.testId("webhook").filter({ hasText: `${origin}/ok` });
  const down = d.testId("webhook").filter({ hasText: `${origin}/down` });
  await ok.getByTestId("webhook-deliveries").filter({ hasText: "delivered" }).waitFor();
  await down.getByTestId("webhook-deliveries").filter({ hasText: "HTTP 503" }).waitFor();
  expect(await down.getByTestId("webhook-deliveries").textContent()).toContain("waiting");
  expect(received).toContain("/ok");
  found.push(...(await d.capture("webhooks")));

  await p.goto("/dashboard/webhooks");
  await p.testId("webhook-deliveries").first().waitFor();
  expect(await overflow(p)).toBeLessThanOrEqual(0);
  found.push(...(await p.capture("webhooks-375")));

  await down.getByRole("button", { name: /^Delete/ }).click();
  await d.page.locator("webhooks-page sl-dialog").getByRole("button", { name: "Delete webhook" }).click();
  await d.testId("webhook-notice").filter({ hasText: "Deleted" }).waitFor();
  await down.waitFor({ state: "detached" });
  expect((await api("GET", "/api/webhooks")).webhooks.map((w: { url: string }) => w.url)).toEqual([`${origin}/ok`]);
  return found;
}

async function schedule(d: DashboardPage, p: DashboardPage, api: Api, siteId: string): Promise<AxeViolation[]> {
  await d.goto(`/dashboard/sites/${siteId}/settings`);
  await d.page.getByRole("heading", { name: "Crawler" }).waitFor();
  const preset = d.page.locator('sl-select[name="schedulePreset"]');
  await preset.click();
  await d.page.getByRole("option", { name: "Every Monday at 03:00 UTC" }).click();
  expect(await d.field("crawlerConfig.schedule").inputValue()).toBe("0 3 * * 1");
  const next = d.testId("next-crawl");
  expect(await next.textContent()).toMatch(/^Next crawl: Mon, \d+ \w+ \d{4}(,| at) 03:00 UTC \(in \d+ (h|days)\)\.$/);
  // The expression is the advanced choice: a time no preset offers, and words for one that cannot be read.
  await d.field("crawlerConfig.schedule").fill("30 2 * * *");
  const choice = () => preset.evaluate((el) => (el as HTMLSelectElement).value);
  expect(await choice()).toBe("custom");
  expect(await next.textContent()).toContain("02:30 UTC");
  await d.field("crawlerConfig.schedule").fill("every night");
  await d.page.getByText("Not a cron expression: five fields").waitFor();
  await d.field("crawlerConfig.schedule").fill("0 3 * * 1");
  expect(await choice()).toBe("weekly");
  await d.button("Save crawler").click();
  await d.page.locator('settings-section[heading="Crawler"]').getByRole("status").filter({ hasText: "Saved." }).waitFor();
  const stored = await api("GET", `/api/sites/${siteId}`);
  expect(stored.crawlerConfig.schedule).toBe("0 3 * * 1");
  expect(new Date(stored.nextCrawlAt * 1000).getUTCDay()).toBe(1);
  const found = await d.capture("schedule");
  // On a phone the saved choice reads back as the preset, with its next crawl.
  await p.goto(`/dashboard/sites/${siteId}/settings`);
  await p.testId("next-crawl").filter({ hasText: "Next crawl: Mon" }).waitFor();
  expect(await p.page.locator('sl-select[name="schedulePreset"]').evaluate((el) => (el as HTMLSelectElement).value)).toBe("weekly");
  expect(await overflow(p)).toBeLessThanOrEqual(0);
  found.push(...(await p.capture("schedule-375")));

  await d.link("Overview and crawls").click();
  expect(await d.testId("next-scheduled").textContent()).toBe(
    `next crawl ${new Date(stored.nextCrawlAt * 1000).toISOString().slice(0, 16).replace("T", " ")} UTC`,
  );
  return found;
}

async function crawlErrors(d: DashboardPage, p: DashboardPage, siteId: string, jobId: string): Promise<AxeViolation[]> {
  const found: AxeViolation[] = [];
  const total = DEAD + BROKEN;
  await d.page.getByRole("heading", { name: `Errors (${total})` }).waitFor();
  expect(await d.testId("crawl-errors").locator("li").count()).toBe(10);
  const hint = d.testId("error-pattern");
  expect(await hint.textContent()).toContain(`${DEAD} of ${total} errors are HTTP 404 under ${site.origin}/old/de/`);
  expect(await hint.textContent()).toContain("/old/de/**");
  found.push(...(await d.capture("site-errors-summary")));

  await d.testId("all-errors").click();
  await d.testId("errors-table").waitFor();
  expect(await d.testId("errors-shown").textContent()).toBe(`${total} of ${total} shown.`);
  // By kind: only the server errors.
  await d.page.locator('sl-select[name="kind"]').click();
  await d.page.getByRole("option", { name: `HTTP 500 (${BROKEN})` }).click();
  await d.button("Filter").click();
  await d
    .testId("errors-shown")
    .filter({ hasText: `${BROKEN} of ${BROKEN} shown (filtered).` })
    .waitFor();
  expect(await d.testId("errors-table").locator("tbody tr").count()).toBe(BROKEN);
  // By address: every kind again, a piece of the URL.
  await d.page.locator('sl-select[name="kind"]').click();
  await d.page.getByRole("option", { name: `Every kind (${total})` }).click();
  await d.field("search").fill("SEITE-0");
  await d.button("Filter").click();
  await d.testId("errors-shown").filter({ hasText: "10 of 10 shown (filtered)." }).waitFor();
  const download = d.page.waitForEvent("download");
  await d.button(/^Export CSV/).click();
  const csv = readFileSync((await (await download).path())!, "utf8")
    .trim()
    .split("\r\n");
  expect(csv[0]).toBe("Address,Reason");
  expect(csv).toHaveLength(11);
  expect(csv.slice(1).every((line) => line.includes("/old/de/seite-0") && line.endsWith(",HTTP 404"))).toBe(true);
  found.push(...(await d.capture("crawl-errors")));
  found.push(...(await compare(d, "crawl-errors-1280", [d.page.locator("site-errors-page code")])));

  await p.goto(`/dashboard/sites/${siteId}/errors?job=${jobId}`);
  await p.testId("errors-table").waitFor();
  expect(await overflow(p)).toBeLessThanOrEqual(0);
  found.push(...(await p.capture("crawl-errors-375")));
  found.push(...(await compare(p, "crawl-errors-375", [p.page.locator("site-errors-page code")])));
  return found;
}

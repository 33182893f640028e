// The owner manages a site from the dashboard, against the real service on loopback: edits its settings and
// sees them stick, crawls the httpd manual fixture watching progress, errors and history, browses, opens,
// deletes and adds pages, and deletes the site by typing its name. axe checks each screen, light and dark.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Subprocess } from "bun";
import type { Browser } from "playwright-core";
import { sql } from "drizzle-orm";
import { launchChromium, type AxeViolation } from "./widget-page.ts";
import { DashboardPage } from "./dashboard-page.ts";
import { checkScreen } from "./screen-baselines.ts";
import { serveCrawlSite, type CrawlSite } from "../fixtures/crawl-site-server.ts";
import { fixtureEmbeddingsEnv } from "../fixtures/fixture-embeddings-service.ts";
import { openDatabase, rows } from "../../server/adapters/postgres/database.ts";

const root = join(import.meta.dir, "../..");
const built = existsSync(join(root, "dist/dashboard/index.html"));
setDefaultTimeout(600_000);

let server: Subprocess<"ignore", "pipe", "pipe"> | null = null;
let browser: Browser;
let site: CrawlSite;
let setupLink = "";
let base = "";

/** `bun server/main.ts` on a free loopback port; returns once it printed its first-run link. */
async function startService(): Promise<void> {
  if (process.env.DATABASE_URL) {
    const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: "" });
    await rows(db.db, sql`DELETE FROM users`);
    await db.close();
  }
  // A pause between fetches of the fixture so the crawl lasts long enough to watch its counters move.
  const env = {
    HOST: "127.0.0.1",
    PORT: "0",
    DATA_DIR: "memory://",
    LOG_LEVEL: "warn",
    CRAWL_ALLOW_PRIVATE_NETWORKS: "true",
    CRAWL_HOST_INTERVAL_MS: "20",
    ANTHROPIC_API_KEY: "",
    ...fixtureEmbeddingsEnv(),
  };
  server = Bun.spawn([process.execPath, "server/main.ts"], { cwd: root, env: { ...process.env, ...env }, stdout: "pipe", stderr: "pipe" });
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
  site = serveCrawlSite({ root: join(root, "tests/fixtures/httpd/site"), gone: ["/glossary.html"] });
  await startService();
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  server?.kill();
  if (server && (await Promise.race([server.exited.then(() => true), Bun.sleep(10_000).then(() => false)])) === false) server.kill("SIGKILL");
  await server?.exited;
  site?.stop();
});

/** The API as the signed-in browser calls it (the session cookie and the dashboard's Origin). */
async function callApi(d: DashboardPage, method: string, path: string, body?: unknown) {
  const cookie = (await d.page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const res = await fetch(base + path, {
    method,
    headers: { cookie, origin: base, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

const text = async (d: DashboardPage, id: string) => ((await d.testId(id).first().textContent()) ?? "").trim();

describe.skipIf(!built && !process.env.CI)("dashboard: managing a site", () => {
  test("settings, crawls, pages and deletion, all by clicks", async () => {
    const d = await DashboardPage.open(browser, base);
    const violations: AxeViolation[] = [];
    try {
      await d.page.goto(setupLink);
      await d.field("organisation").fill("Acme Docs");
      await d.field("email").fill("owner@example.test");
      await d.field("password").fill("correct horse battery");
      await d.button("Create account").click();
      await d.page.getByRole("heading", { name: "Sites" }).waitFor();
      const created = await callApi(d, "POST", "/api/sites", { name: "httpd manual", baseUrl: `${site.origin}/` });
      expect(created.status).toBe(200);
      const siteId = created.body.siteId as string;

      await editSettings(d, siteId, violations);
      await crawl(d, violations);
      await indexingAndRefusals(d, siteId, violations);
      await browsePages(d, siteId, violations);
      violations.push(...(await directoryOnce(d, siteId)));
      await narrowScreens(d, siteId);
      await deleteSite(d, siteId, violations);
    } catch (error) {
      await d.page.screenshot({ path: join(root, ".ci/dashboard-manage-failure.png"), fullPage: true }).catch(() => {});
      throw error;
    }
    expect(violations.map((v) => `${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`)).toEqual([]);
    expect(d.cspViolations).toEqual([]);
    expect(d.errors).toEqual([]);
  });
});

/** Saves one settings section; `saved` waits for its own "Saved." (others may still show theirs). */
async function saveSection(d: DashboardPage, heading: string, saved = false) {
  await d.button(`Save ${heading.toLowerCase()}`).click();
  if (saved) await d.page.locator(`settings-section[heading="${heading}"]`).getByRole("status").filter({ hasText: "Saved." }).waitFor();
}

async function editSettings(d: DashboardPage, siteId: string, violations: AxeViolation[]) {
  await d.goto(`/dashboard/sites/${siteId}/settings`);
  await d.page.getByRole("heading", { name: "Crawler" }).waitFor();
  violations.push(...(await d.capture("site-settings")));

  // The API refuses a schedule that is not cron: its sentence appears beside the schedule field.
  await d.field("crawlerConfig.schedule").fill("every night");
  await saveSection(d, "Crawler");
  const scheduleError = d.page.locator('settings-section [name="crawlerConfig.schedule"] + [data-testid="field-error"]');
  await scheduleError.waitFor();
  expect(await scheduleError.textContent()).toContain("cron");
  violations.push(...(await d.capture("site-settings-error")));

  await d.field("crawlerConfig.schedule").fill("0 3 * * *");
  await d.field("crawlerConfig.maxPages").fill("1000");
  await d.field("crawlerConfig.excludePatterns").fill("**/rewrite/**");
  await saveSection(d, "Crawler", true);

  await d.page.locator('sl-switch[name="publicAccess.chatEnabled"]').click();
  await d.field("publicAccess.allowedDomains").fill("docs.example.com\n*.example.org");
  await saveSection(d, "Public access", true);
  await d.field("rateLimits.searchPerMinute").fill("42");
  await saveSection(d, "Rate limits", true);
  // A boost line the editor cannot read is refused before anything is sent.
  await d.field("tagBoosts").fill("guide twice");
  await saveSection(d, "Relevance");
  expect(await d.page.locator('settings-section [name="tagBoosts"] + [data-testid="field-error"]').textContent()).toContain("tag = 1.5");
  await d.field("tagBoosts").fill("guide = 2");
  await d.field("synonyms").fill("htaccess, dot file");
  await d.field("metadataSchema").fill("version: string facet");
  await saveSection(d, "Relevance", true);

  // After a reload the form shows what the API stored.
  await d.page.reload();
  await d.page.getByRole("heading", { name: "Crawler" }).waitFor();
  expect(await d.field("crawlerConfig.schedule").inputValue()).toBe("0 3 * * *");
  expect(await d.field("crawlerConfig.maxPages").inputValue()).toBe("1000");
  expect(await d.field("rateLimits.searchPerMinute").inputValue()).toBe("42");
  expect(await d.field("tagBoosts").inputValue()).toBe("guide = 2");
  const stored = (await callApi(d, "GET", `/api/sites/${siteId}`)).body;
  expect(stored.crawlerConfig).toMatchObject({ schedule: "0 3 * * *", maxPages: 1000, excludePatterns: ["**/rewrite/**"] });
  expect(stored.publicAccess).toMatchObject({ chatEnabled: true, allowedDomains: ["docs.example.com", "*.example.org"] });
  expect(stored.rateLimits.searchPerMinute).toBe(42);
  expect(stored.synonyms).toEqual([{ terms: ["htaccess", "dot file"] }]);
  expect(stored.metadataSchema).toEqual([{ name: "version", type: "string", facet: true, filter: true }]);
}

async function crawl(d: DashboardPage, violations: AxeViolation[]) {
  await d.link("Overview and crawls").click();
  await d.button("Start crawl").click();
  // Counters move on screen without a reload: sample them until the job ends.
  const seen = new Set<string>();
  const urls = new Set<string>();
  for (let i = 0; i < 1500 && !/completed|failed|cancelled/.test(await text(d, "job-status").catch(() => "")); i++) {
    seen.add(await text(d, "pages-crawled").catch(() => ""));
    // The current URL disappears when the job ends, possibly between the count and the read: read it without waiting.
    if (await d.testId("current-url").count()) {
      const current = await d
        .testId("current-url")
        .first()
        .textContent({ timeout: 500 })
        .catch(() => null);
      if (current?.trim()) urls.add(current.trim());
    }
    await d.page.waitForTimeout(100);
  }
  expect(await text(d, "job-status")).toBe("completed");
  expect([...seen].filter((v) => Number(v) > 0).length).toBeGreaterThan(1);
  expect(urls.size).toBeGreaterThan(0);
  // The fixture is a subset of the manual (and answers 404 for its glossary): each dead link is listed with its reason.
  const errored = Number(await text(d, "pages-errored"));
  expect(errored).toBeGreaterThan(0);
  await d.page.getByRole("heading", { name: `Errors (${errored})` }).waitFor();
  expect(await text(d, "crawl-errors")).toContain("HTTP 404");
  await d.testId("crawl-history").filter({ hasText: "completed" }).waitFor();
  expect(await d.testId("crawl-history").locator("tbody tr").count()).toBe(1);
  violations.push(...(await d.capture("site-crawled")));
}

/**
 * The overview shows how far embedding is as a progress bar (figures held mid-way by answering the site's read with
 * them), then the real figures reach "Index ready"; origins the site refused are listed and one click allows one.
 */
async function indexingAndRefusals(d: DashboardPage, siteId: string, violations: AxeViolation[]) {
  const sitePath = `/api/sites/${siteId}`;
  await d.page.route(`**${sitePath}`, async (route) => {
    const real = await route.fetch();
    const site = await real.json();
    const indexing = { state: "indexing", chunkCount: 3319, embeddedChunkCount: 1184, share: 1184 / 3319, secondsLeft: 260 };
    const stats = { ...site.stats, chunkCount: indexing.chunkCount, embeddedChunkCount: indexing.embeddedChunkCount };
    await route.fulfill({ response: real, json: { ...site, stats, indexing } });
  });
  await d.page.reload();
  const bar = d.testId("index-state").locator("sl-progress-bar");
  await bar.waitFor();
  expect(await bar.getAttribute("value")).toBe("35");
  expect(await text(d, "index-state")).toContain("1,184 of 3,319 chunks embedded (35%)");
  expect(await text(d, "time-left")).toBe("about 4 min left");
  expect(await text(d, "site-status")).toBe("indexing");
  violations.push(...(await checkScreen(d, "site-indexing", { docs: 1280, mask: () => overviewChanging(d) })));
  // The page polls while indexing: a read already in the handler when the figures stop being held must not fail it.
  await d.page.unrouteAll({ behavior: "ignoreErrors" });
  // The page keeps polling while indexing: the real figures take over and end at ready.
  await d.testId("index-state").filter({ hasText: "Index ready" }).waitFor({ timeout: 120_000 });

  expect((await callApi(d, "PUT", sitePath, { publicAccess: { searchEnabled: true } })).status).toBe(200);
  for (const origin of ["http://localhost:5173", "http://localhost:5173", "https://staging.example.net"]) {
    const refused = await fetch(`${base}/v1/public/sites/${siteId}/search?q=alias`, { headers: { origin } });
    expect(refused.status).toBe(403);
  }
  await d.page.reload();
  const table = d.testId("refused-origins");
  await table.waitFor();
  expect(await table.locator("tbody tr").count()).toBe(2);
  expect(await table.locator("tbody tr").filter({ hasText: "http://localhost:5173" }).textContent()).toContain("2");
  expect(await text(d, "snippet-origins")).toContain("docs.example.com");
  const refusedMask = () => [...overviewChanging(d), table.locator("td:nth-child(3)"), d.testId("crawl-history"), d.page.locator("site-page pre")];
  violations.push(...(await checkScreen(d, "site-refused-origins", { docs: 1280, focus: () => table, mask: refusedMask })));
  await d.button("Allow http://localhost:5173").click();
  await d.page.getByText("localhost:5173 is now an allowed domain").waitFor();
  // The page re-reads the site, and the list follows its allowed domains.
  await table.locator("tbody tr").filter({ hasText: "http://localhost:5173" }).waitFor({ state: "detached" });
  expect(await table.locator("tbody tr").allTextContents()).toEqual([expect.stringContaining("https://staging.example.net")]);
  expect((await callApi(d, "GET", sitePath)).body.publicAccess.allowedDomains).toContain("localhost:5173");
  expect(await text(d, "snippet-origins")).toContain("localhost:5173");
  violations.push(...(await d.capture("site-refused-allowed")));
}

/** On a site's overview, what differs from run to run: its address and dates, the job id, the failed addresses. */
function overviewChanging(d: DashboardPage) {
  return [
    d.page.locator("site-page p.muted").filter({ hasText: "created" }),
    d.page
      .locator("site-page p")
      .filter({ has: d.testId("job-status") })
      .locator("code"),
    d.testId("crawl-errors"),
  ];
}

/**
 * A directory and its index file are one page: the index file pushed after the crawl stored the directory is the page
 * already indexed, and the list has one row for both.
 */
async function directoryOnce(d: DashboardPage, siteId: string): Promise<AxeViolation[]> {
  await d.goto(`/dashboard/sites/${siteId}/pages`);
  await d.testId("pages-table").waitFor();
  await d.field("url").fill(`${site.origin}/mod/index.html`);
  await d.field("content").fill(readFileSync(join(root, "tests/fixtures/httpd/site/mod/index.html"), "utf8"));
  await d.button("Add page").click();
  await d.testId("pages-message").filter({ hasText: "Unchanged: that page is already indexed with this content." }).waitFor();
  await d.field("search").fill(`${site.origin}/mod/`);
  await d.button("Filter").click();
  await d.page.locator('[data-testid="pages-table"][aria-busy="false"]').waitFor();
  const urls = await d.testId("pages-table").locator(".url").allTextContents();
  expect(urls.filter((url) => url === `${site.origin}/mod/` || url === `${site.origin}/mod/index.html`)).toEqual([`${site.origin}/mod/`]);
  const table = d.testId("pages-table");
  return checkScreen(d, "pages-directory-once", { focus: () => table, mask: () => [table.locator("td:nth-child(2)")] });
}

async function browsePages(d: DashboardPage, siteId: string, violations: AxeViolation[]) {
  await d.link("Pages").click();
  await d.testId("pages-table").waitFor();
  const firstPage = await d.testId("pages-table").locator("tbody tr").allTextContents();
  expect(firstPage).toHaveLength(10);
  expect(firstPage.join(" ")).not.toContain("/rewrite/");
  violations.push(...(await d.capture("site-pages")));
  await d.button("Next").click();
  await d.testId("pages-page").filter({ hasText: "Page 2" }).waitFor();
  // The table keeps the previous rows on screen until the next ones arrive.
  await d.page.locator('[data-testid="pages-table"][aria-busy="false"]').waitFor();
  const secondPage = await d.testId("pages-table").locator("tbody tr").allTextContents();
  expect(secondPage.length).toBeGreaterThan(0);
  expect(secondPage.some((row) => firstPage.includes(row))).toBe(false);

  // Filter by URL, open the page and see its sections and chunks.
  await d.field("search").fill("mod_alias");
  await d.button("Filter").click();
  await d.page.locator('[data-testid="pages-table"] tbody tr').filter({ hasText: "mod_alias" }).first().waitFor();
  await d.page.locator('[data-testid="pages-table"][aria-busy="false"]').waitFor();
  expect(await d.testId("pages-table").locator("tbody tr").count()).toBe(1);
  await d.testId("pages-table").getByRole("link").first().click();
  await d.testId("chunks").waitFor();
  expect(await d.testId("chunks").locator("li").count()).toBeGreaterThan(1);
  expect(await text(d, "chunks-embedded")).toMatch(/^\d+ \/ \d+$/);
  expect(await d.testId("chunks").textContent()).toContain("Alias");

  // Delete it from its own screen: it leaves the list.
  await d.button("Delete page…").click();
  await d.page.locator("page-detail-page sl-dialog").getByRole("button", { name: "Delete page" }).click();
  await d.testId("pages-table").waitFor();
  const detail = await callApi(d, "GET", `/api/sites/${siteId}/page?url=${encodeURIComponent(`${site.origin}/mod/mod_alias.html`)}`);
  expect(detail.status).toBe(404);

  // Add a page by pasting HTML, find it, open it.
  await d.field("url").fill(`${site.origin}/pasted.html`);
  await d
    .field("content")
    .fill("<html><head><title>Pasted notes</title></head><body><h1>Pasted notes</h1><p>Frobnicating the widget cache is safe.</p></body></html>");
  violations.push(...(await d.capture("page-add")));
  await d.button("Add page").click();
  await d.testId("pages-message").filter({ hasText: "Page added" }).waitFor();
  await d.field("search").fill("Pasted");
  await d.button("Filter").click();
  // The list re-renders its rows when the filtered ones arrive: a click on the unfiltered list's row (it shows the new
  // page too) can land on a link as it is replaced, and the page stays on the list. Click once the filter has settled.
  const rows = d.testId("pages-table").locator("tbody tr");
  await rows.filter({ hasText: "Pasted notes" }).first().waitFor();
  await d.page.locator('[data-testid="pages-table"][aria-busy="false"]').waitFor();
  for (let i = 0; i < 100 && (await rows.count()) !== 1; i++) await d.page.waitForTimeout(100);
  expect(await rows.count()).toBe(1);
  await d.testId("pages-table").getByRole("link", { name: "Pasted notes" }).click();
  await d.page.waitForURL(/\/pages\/view\?url=/);
  // Sections are folded: the owner opens the page's one section to read its cleaned text.
  const section = d.testId("chunks").locator("sl-details").first();
  await section.click();
  await d.testId("chunks").getByText("Frobnicating the widget cache").waitFor();
  violations.push(...(await d.capture("page-detail")));

  // Delete from the list, through its confirmation, once the filter has settled (the same race as above: a click on a
  // row being replaced opens no dialog).
  await d.link("Pages").click();
  await d.field("search").fill("Pasted");
  await d.button("Filter").click();
  await rows.filter({ hasText: "Pasted notes" }).first().waitFor();
  await d.page.locator('[data-testid="pages-table"][aria-busy="false"]').waitFor();
  for (let i = 0; i < 100 && (await rows.count()) !== 1; i++) await d.page.waitForTimeout(100);
  await d.button(/^Delete.*Pasted notes/).click();
  await d.page.locator("site-pages-page sl-dialog").getByRole("button", { name: "Delete page" }).click();
  await d.testId("pages-message").filter({ hasText: "Deleted" }).waitFor();
  await d.testId("pages-empty").waitFor();
}

/** At 360 px nothing is wider than the screen. */
async function narrowScreens(d: DashboardPage, siteId: string) {
  const narrow = await DashboardPage.open(browser, base, 360);
  await narrow.page.context().addCookies(await d.page.context().cookies());
  const screens: Array<[string, string, string]> = [
    [`/dashboard/sites/${siteId}/settings`, "Crawler", "site-settings-360"],
    [`/dashboard/sites/${siteId}/pages`, "Add a page", "site-pages-360"],
    [`/dashboard/sites/${siteId}/pages/view?url=${encodeURIComponent(`${site.origin}/howto/`)}`, "Cleaned text by section", "page-detail-360"],
  ];
  for (const [path, heading, name] of screens) {
    await narrow.goto(path);
    await narrow.page.getByRole("heading", { name: heading }).waitFor();
    expect(await narrow.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await narrow.capture(name);
  }
  await narrow.page.context().close();
}

async function deleteSite(d: DashboardPage, siteId: string, violations: AxeViolation[]) {
  await d.goto(`/dashboard/sites/${siteId}/settings`);
  await d.button("Delete site…").click();
  const confirm = d.page.locator("site-settings-page sl-dialog").getByRole("button", { name: "Delete for good" });
  expect(await confirm.isDisabled()).toBe(true);
  await d.field("confirmName").fill("httpd");
  expect(await confirm.isDisabled()).toBe(true);
  await d.field("confirmName").fill("httpd manual");
  violations.push(...(await d.capture("site-delete")));
  await confirm.click();
  await d.page.getByRole("heading", { name: "Sites" }).waitFor();
  expect((await callApi(d, "GET", `/api/sites/${siteId}`)).status).toBe(404);
}

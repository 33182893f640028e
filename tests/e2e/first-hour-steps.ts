// Steps of the owner's first hour that the try-it journey walks too: the setup card, the plan notice on groups, the
// wizard refusing what is not an address, a key's scope by name, answers named and rendered as the widget does,
// the widget's Escape and theme, and the page detail. Each returns the axe findings of the screens it captured.
import { expect } from "bun:test";
import type { DashboardPage } from "./dashboard-page.ts";
import { checkScreen } from "./screen-baselines.ts";
import type { AxeViolation } from "./widget-page.ts";

/** The setup card stands in the middle of the page, not against its left edge. */
export async function setupCardCentred(d: DashboardPage): Promise<AxeViolation[]> {
  await d.field("organisation").waitFor();
  const box = (await d.page.locator("setup-page .card").boundingBox())!;
  const width = d.page.viewportSize()!.width;
  expect(Math.abs(box.x + box.width / 2 - width / 2)).toBeLessThan(40);
  return checkScreen(d, "first-hour-setup", { docs: 1280 });
}

/** Without Enterprise the groups page informs (not a red error) and names the command that changes the plan. */
export async function groupsPlanNotice(d: DashboardPage, orgId: string): Promise<AxeViolation[]> {
  await d.nav("/groups").click({ noWaitAfter: true });
  const notice = d.testId("groups-plan");
  await notice.waitFor();
  expect(await notice.getAttribute("variant")).toBe("primary");
  expect(await notice.textContent()).toContain(`orgs plan --org ${orgId} --plan enterprise`);
  expect(await d.page.locator('sl-alert[variant="danger"]').count()).toBe(0);
  return checkScreen(d, "first-hour-groups-plan", { docs: 1280, mask: () => [notice.locator("code")] });
}

/** Step 1 of the wizard refuses words that are not an address, under the field, and reads a bare host as https. */
export async function wizardRefusesNonAddresses(d: DashboardPage): Promise<AxeViolation[]> {
  await d.goto("/dashboard/sites/new");
  const baseUrl = d.page.locator('sl-input[name="baseUrl"]');
  for (const typed of ["not a url", "docs"]) {
    await d.field("baseUrl").fill(typed);
    await d.button("Next").click();
    await d.page.locator('sl-input[name="baseUrl"][data-error]').waitFor();
    expect(await baseUrl.getAttribute("help-text")).toContain("is not a web address");
    expect(await d.page.locator('[aria-current="step"]').textContent()).toContain("Address");
  }
  const found = await checkScreen(d, "first-hour-wizard-invalid", { docs: 1280 });
  await d.field("baseUrl").fill("docs.example.com");
  await d.button("Next").click();
  await d.field("maxPages").waitFor();
  await d.button("Back").click();
  expect(await d.field("baseUrl").inputValue()).toBe("https://docs.example.com/");
  expect(await d.field("name").inputValue()).toBe("docs.example.com");
  return found;
}

/** The key form's Actions fieldset is drawn as a field, an empty name is said under it, and a scope names its site. */
export async function keysNameTheirSites(d: DashboardPage, api: (method: string, path: string, body?: unknown) => Promise<any>, siteId: string) {
  await api("POST", "/api/keys", { name: "docs deploy", sites: [siteId], actions: ["search", "ingest"] });
  await d.nav("/keys").click({ noWaitAfter: true });
  const row = d.page.locator("tr", { hasText: "docs deploy" });
  await row.waitFor();
  expect(await row.textContent()).toContain("search, ingest; Acme docs");
  expect(await d.page.getByText("site(s)").count()).toBe(0);
  const fieldset = d.page.locator("keys-page fieldset");
  expect(await fieldset.evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe("solid");
  await d.field("name").fill("   ");
  await d.button("Create key").click();
  await d.page.locator('sl-input[name="name"][data-error]').waitFor();
  const table = d.testId("keys-table");
  return checkScreen(d, "first-hour-keys", { docs: 1280, focus: () => row, mask: () => [table.locator("code, td:nth-child(5), td:nth-child(6)")] });
}

/** The chat try-out says how answers are made and renders an answer's markdown as the widget does: no raw escapes. */
export async function chatAnswerRendered(d: DashboardPage): Promise<AxeViolation[]> {
  expect(await d.testId("answer-mode").textContent()).toContain("set ANTHROPIC_API_KEY on the server");
  await d.field("question").fill("How do I serve two sites with VirtualHost blocks?");
  await d.button("Ask").click();
  const body = d.testId("chat-answer-body");
  await body.filter({ hasText: "VirtualHost" }).waitFor({ timeout: 60_000 });
  const text = (await body.textContent()) ?? "";
  expect(text).toContain("<VirtualHost *:80>");
  expect(text).not.toMatch(/\\[<>*_]/);
  expect(await body.locator('a[part="citation"]').count()).toBeGreaterThan(0);
  expect(await d.testId("chat-answer").textContent()).toContain("Best passages");
  return checkScreen(d, "first-hour-chat", { docs: 1280, focus: () => d.testId("chat-answer") });
}

/** The previewed widget names quoted answers "Best passages", closes on the first Escape and follows the page's theme. */
export async function widgetLabelsEscapeAndTheme(d: DashboardPage): Promise<void> {
  const widget = d.page.locator("site-search");
  expect(await d.page.locator('site-search [part~="ask-ai"]').first().textContent()).toContain("Best passages");
  await d.page.keyboard.press("Escape");
  await d.page.locator('site-search [part~="popover"]').waitFor({ state: "hidden" });
  expect(await d.page.locator('site-search [part~="input"]').inputValue()).toBe("installer");
  // Theme auto: with the OS dark and the page light, the widget goes with the page; then the page turns dark too.
  await d.page.locator('sl-select[name="theme"]').click();
  await d.page.getByRole("option", { name: /^Auto/ }).click();
  await d.page.locator('site-search:not([theme="dark"])').waitFor({ state: "attached" });
  await d.page.emulateMedia({ colorScheme: "dark" });
  // The dashboard follows the OS first (its own theme class); then this page turns itself light.
  await d.page.waitForFunction(() => document.documentElement.classList.contains("sl-theme-dark"));
  await d.page.evaluate(() => document.documentElement.classList.replace("sl-theme-dark", "sl-theme-light"));
  await d.page.locator('site-search[data-page-scheme="light"]').waitFor({ state: "attached" });
  const background = () => widget.evaluate((el) => getComputedStyle(el).getPropertyValue("--site-search-bg").trim());
  expect(await background()).toBe("#ffffff");
  await d.page.evaluate(() => document.documentElement.classList.replace("sl-theme-light", "sl-theme-dark"));
  await d.page.locator('site-search[data-page-scheme="dark"]').waitFor({ state: "attached" });
  expect(await background()).toBe("#0d1117");
  await d.page.emulateMedia({ colorScheme: "light" });
}

/** A page's chunks are folded until opened, and no raw metadata key names a row. */
export async function pageDetailFolded(d: DashboardPage, siteId: string, url: string): Promise<AxeViolation[]> {
  await d.goto(`/dashboard/sites/${encodeURIComponent(siteId)}/pages/view?url=${encodeURIComponent(url)}`);
  const chunks = d.testId("chunks");
  await chunks.locator("sl-details").first().waitFor();
  expect(await chunks.locator("sl-details[open]").count()).toBe(0);
  const fields = (await d.page.locator("page-detail-page dl").textContent()) ?? "";
  expect(fields).toContain("Full title");
  expect(fields).not.toContain("originalTitle");
  await chunks.locator("sl-details").first().click();
  await chunks.locator("sl-details[open]").first().waitFor();
  // The first field is when the page was indexed.
  return checkScreen(d, "first-hour-page-detail", { docs: 1280, mask: () => [d.page.locator("page-detail-page dd").first()] });
}

/** A misspelt query offers the corrected one, and a click searches it. */
export async function playgroundDidYouMean(d: DashboardPage): Promise<void> {
  await d.field("query").fill("instaler");
  await d.button("Search").click();
  const offer = d.testId("did-you-mean");
  await offer.waitFor();
  expect(await offer.textContent()).toContain("installer");
  await offer.getByRole("button").click();
  await d.page.locator(".results a", { hasText: "Installing on Linux" }).first().waitFor();
  expect(await d.field("query").inputValue()).toBe("installer");
}

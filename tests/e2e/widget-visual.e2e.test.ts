// The widget as a visitor meets it on the httpd manual: every mode in light and dark at 1280 and 375 px,
// compared with committed screenshots, axe-clean, with the answer in view, one clear control, a wide modal input and
// Ctrl-click opening a second tab. UPDATE_BASELINES=1 rewrites the screenshots after a deliberate visual change.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { Browser } from "playwright-core";
import { startTestServer, widgetBuilt, type TestServer } from "../fixtures/test-server.ts";
import { launchChromium, WidgetPage } from "./widget-page.ts";
import { diffPngs } from "./pixel-diff.ts";

setDefaultTimeout(60_000);

const SITE = join(import.meta.dir, "../fixtures/httpd/site");
const BASELINES = join(import.meta.dir, "baselines");
const UPDATE = process.env.UPDATE_BASELINES === "1";
/** Share of pixels allowed to differ: font hinting and anti-aliasing move a few edges between runs and machines. */
const TOLERANCE = 0.02;
const MODES = ["inline", "modal", "page", "bubble"] as const;
const THEMES = ["light", "dark"] as const;
const WIDTHS = [1280, 375] as const;
type Mode = (typeof MODES)[number];

function manualPages(dir = SITE): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "style" || name === "images" ? [] : manualPages(path);
    return name.endsWith(".html") ? [`/manual/${relative(SITE, path)}`] : [];
  });
}

const hostCss = `body { font-family: system-ui, sans-serif; margin: 0; padding: 24px; }
  body.dark { background: #0d1117; color: #f0f6fc; } header { display: flex; gap: 16px; align-items: center; margin-bottom: 16px; }`;
const host = (mode: Mode, theme: string, siteId: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Apache manual</title><link rel="stylesheet" href="/visual.css"></head>
  <body class="${theme}"><header><h1>Apache HTTP Server</h1></header><main>
  <site-search site-id="${siteId}" mode="${mode}" theme="${theme}" hotkey="k"${mode === "page" ? ' min-score="0.05"' : ""}></site-search>
  <p>Documentation of the Apache HTTP Server, version 2.4.</p></main><script src="/site-search.js"></script></body></html>`;

let server: TestServer;
let browser: Browser;
const run = widgetBuilt || Boolean(process.env.CI);

beforeAll(async () => {
  if (!run) return;
  const paths = manualPages();
  server = await startTestServer({
    ownDatabase: true,
    pages: (ids) => ({
      "/visual.css": hostCss,
      ...Object.fromEntries(MODES.flatMap((mode) => THEMES.map((theme) => [`/visual/${mode}-${theme}.html`, host(mode, theme, ids.siteId)]))),
      ...Object.fromEntries(paths.map((path) => [path, readFileSync(join(SITE, path.slice("/manual/".length)), "utf8")])),
    }),
  });
  // As the crawler hands them over: the page's own HTML, title and all, so titles lose their shared suffix.
  const pages = paths.map((path) => ({ url: server.url + path, content: readFileSync(join(SITE, path.slice("/manual/".length)), "utf8") }));
  const ingested = await server.ctx.request("POST", `/api/sites/${server.siteId}/pages`, { key: server.key, body: { pages } });
  if (ingested.status !== 200 || ingested.body.errors.length) throw new Error(`ingest: ${JSON.stringify(ingested.body)}`);
  // Every chunk with its vector, as once the queue has caught up. Left pending, a chunk took a vector only where an
  // earlier test had embedded the same text (the shared PostgreSQL's embedding cache), so results moved with test order.
  await server.embedPending();
  browser = await launchChromium();
  // The first search loads the embedding model; paid here, it does not eat into the first test's step timeouts.
  await server.ctx.request("GET", `/v1/public/sites/${server.siteId}/search?q=warm`, { headers: { origin: server.url } });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(mode: Mode, theme: string, width: number, search = ""): Promise<WidgetPage> {
  const w = await WidgetPage.open(browser, `${server.url}/visual/${mode}-${theme}.html${search}`);
  await w.page.setViewportSize({ width, height: width > 600 ? 800 : 740 });
  return w;
}

/** Brings each mode to the state a visitor judges it by: results for a query, or an answer in the bubble. */
async function showState(w: WidgetPage, mode: Mode): Promise<void> {
  if (mode === "bubble") {
    await w.part("bubble").click();
    await w.part("follow-up-input").fill("How do I set a directory index?");
    await w.part("follow-up-input").press("Enter");
    await w.waitForAnswer();
    return;
  }
  if (mode === "modal") await w.part("button").click();
  if (mode !== "page") await w.search("directory index");
  await w.part("option-snippet").first().waitFor();
}

/** PostgreSQL ranks with its own full-text engine, so the same query lists other pages: one set of pictures each. */
const ENGINE = process.env.DATABASE_URL ? "-postgres" : "";

async function compare(name: string, png: Buffer): Promise<void> {
  const file = join(BASELINES, `${name}${ENGINE}.png`);
  if (UPDATE) {
    writeFileSync(file, png);
    return;
  }
  expect(existsSync(file)).toBe(true);
  const diff = await diffPngs(browser, readFileSync(file), png);
  if (diff.ratio > TOLERANCE) writeFileSync(join(BASELINES, `${name}${ENGINE}.actual.png`), png);
  expect({ name, sameSize: diff.sameSize, withinTolerance: diff.ratio <= TOLERANCE }).toEqual({ name, sameSize: true, withinTolerance: true });
}

describe.if(run)("the widget on the httpd manual", () => {
  for (const mode of MODES) {
    for (const theme of THEMES) {
      for (const width of WIDTHS) {
        test(`${mode}, ${theme}, ${width} px looks as it did and is axe-clean`, async () => {
          const w = await open(mode, theme, width, mode === "page" ? "?q=configuration" : "");
          await showState(w, mode);
          await w.page.mouse.move(0, 0); // no hover highlight in the picture
          await compare(`${mode}-${theme}-${width}`, await w.page.screenshot({ caret: "hide", animations: "disabled" }));
          expect(await w.axeViolations()).toEqual([]);
          expect(w.errors).toEqual([]);
          await w.close();
        });
      }
    }
  }

  test("the pixel comparison tells light from dark", async () => {
    const shots: Buffer[] = [];
    for (const theme of THEMES) {
      const w = await open("modal", theme, 1280);
      await showState(w, "modal");
      shots.push(await w.page.screenshot({ caret: "hide" }));
      await w.close();
    }
    expect((await diffPngs(browser, shots[0]!, shots[1]!)).ratio).toBeGreaterThan(0.2);
  });

  describe("in the modal", () => {
    test("asking AI switches to the conversation with the answer in view, and Back returns to the results", async () => {
      for (const width of WIDTHS) {
        const w = await open("modal", "light", width);
        await showState(w, "modal");
        await w.part("ask-ai").click();
        await w.waitForAnswer();
        expect(await w.part("listbox").count()).toBe(0);
        const box = (await w.part("answer-body").first().boundingBox())!;
        const viewport = w.page.viewportSize()!;
        expect(box.height).toBeGreaterThan(0);
        expect(box.y >= 0 && box.y + Math.min(box.height, 100) <= viewport.height).toBe(true);
        expect(await w.axeViolations()).toEqual([]);
        await w.part("back-button").click();
        await w.part("listbox").waitFor();
        expect(await w.part("answer").count()).toBe(0);
        await w.close();
      }
    });

    test("shows one clear control, and its input spans the dialog", async () => {
      for (const width of WIDTHS) {
        const w = await open("modal", "light", width);
        await showState(w, "modal");
        expect(await w.part("clear-button").count()).toBe(1);
        // type=search draws the browser's own cancel button beside ours.
        expect(await w.input.getAttribute("type")).toBe("text");
        // The field is what a visitor sees as the input: its border, the text and the clear button inside.
        const input = (await w.part("field").first().boundingBox())!;
        const dialog = (await w.part("dialog").boundingBox())!;
        expect(input.width / dialog.width).toBeGreaterThanOrEqual(0.8);
        if (width < 600) expect(dialog.width).toBe(width);
        await w.close();
      }
    });

    test("has touch targets of at least 44 px on a phone", async () => {
      const w = await open("modal", "light", 375);
      await showState(w, "modal");
      for (const part of ["clear-button", "close-button", "option"]) {
        const box = (await w.part(part).first().boundingBox())!;
        expect({ part, tall: box.height >= 44 }).toEqual({ part, tall: true });
      }
      await w.close();
    });

    test("Ctrl-click opens the result in a second page while the modal stays open", async () => {
      const w = await open("modal", "light", 1280);
      await showState(w, "modal");
      const href = await w.part("option").nth(1).getAttribute("href");
      expect(href).toContain(":~:text=");
      const [second] = await Promise.all([
        w.page.context().waitForEvent("page"),
        w
          .part("option")
          .nth(1)
          .click({ modifiers: ["Control"] }),
      ]);
      await second.waitForLoadState();
      expect(second.url().split("#")[0]).toBe(href!.split("#")[0]);
      expect(await w.part("dialog").isVisible()).toBe(true);
      expect(await w.part("listbox").isVisible()).toBe(true);
      await w.close();
    });
  });

  describe("a thumbs-down", () => {
    test("asks for a reason and stores it with the rating", async () => {
      const w = await open("modal", "light", 1280);
      await showState(w, "modal");
      await w.part("ask-ai").click();
      await w.waitForAnswer();
      await w.part("feedback-down").click();
      await w.part("reason-form").waitFor();
      expect(await w.axeViolations()).toEqual([]);
      await w.page.locator('site-search [part~="reason-tag"]', { hasText: "Outdated" }).click();
      await w.part("reason-text").fill("Mentions 2.2");
      await w.part("reason-form").locator('[part~="send-button"]').click();
      await w.part("reason-form").waitFor({ state: "detached" });
      const list = await server.ctx.request("GET", `/api/sites/${server.siteId}/feedback`, { key: server.key });
      expect(list.body.feedback[0]).toMatchObject({ rating: "down", tags: ["outdated"], reason: "Mentions 2.2" });
      await w.close();
    });
  });
});

describe.if(run)("the results page", () => {
  test("counts the results and pages through them", async () => {
    const w = await open("page", "light", 1280, "?q=configuration");
    await w.part("result-count").waitFor();
    const first = await w.part("result-count").innerText();
    expect(first).toMatch(/^1–10 of 1\d results$/);
    const pageUrls = () =>
      w.page.locator("site-search a.option:not(.section)").evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href.split("#")[0]));
    const firstUrls = await pageUrls();
    expect(firstUrls.length).toBe(10);
    await w.page.locator('site-search [part~="page-button"]', { hasText: "2" }).click();
    await w.page.waitForFunction(
      (before) => document.querySelector("site-search")?.shadowRoot?.querySelector('[part~="result-count"]')?.textContent !== before,
      first,
    );
    expect(await w.part("result-count").innerText()).toMatch(/^11–1\d of 1\d results$/);
    expect((await pageUrls()).some((url) => firstUrls.includes(url))).toBe(false);
    expect(await w.axeViolations()).toEqual([]);
    await w.close();
  });
});

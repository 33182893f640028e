// Browser tests of <site-search> in Chromium: what a visitor does with mouse, keyboard and screen reader semantics.
// Runs against the TEMPORARY scaffold server until tests/fixtures/test-server.ts exists (see scaffold-server.ts).
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { startScaffoldServer, type ScaffoldDoc, type ScaffoldServer } from "./scaffold-server.ts";
import { launchChromium, WidgetPage } from "./widget-page.ts";

const XSS = `<img src=x onerror="window.__xss=1">`;
const docs: ScaffoldDoc[] = [
  {
    url: "/docs/install",
    title: "Install guide",
    snippet: "How to install the service on Linux and macOS.",
    sections: [{ heading: "Linux", headingPath: ["Guide", "Install", "Linux"], anchor: "linux", snippet: "Install with the package manager." }],
  },
  { url: "/docs/configure", title: "Configure", snippet: "Configuration options after you install." },
  { url: "/docs/evil", title: `Evil ${XSS} page`, snippet: `Evil snippet ${XSS} <script>window.__xss=1</script>` },
];
const answer = `You can **install** it with the package manager [1].\n\n\`\`\`sh\napt install site-search\n\`\`\`\n\n${XSS}\n\n[bad link](javascript:window.__xss=1) and see [2].`;

const page = (body: string, head = "") =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Widget test</title>${head}</head><body><main><h1>Docs</h1>${body}</main></body></html>`;
const script = `<script src="/site-search.js"></script>`;

setDefaultTimeout(30_000);

let server: ScaffoldServer;
let browser: Browser;
const built = existsSync(join(import.meta.dir, "../../dist/site-search.js"));

beforeAll(async () => {
  server = startScaffoldServer({
    docs,
    answer,
    deltaDelayMs: 10,
    pages: {
      "/inline": page(`<site-search site-id="docs"></site-search>`, script),
      "/modal": page(`<button id="before">Before</button><site-search site-id="docs" mode="modal"></site-search>`, script),
      "/bubble": page(`<p>Bubble from data attributes</p><script src="/site-search.js" data-site-id="docs" data-mode="bubble" data-suggested-questions="How do I install?|How do I configure?"></script>`),
      "/themed": page(`<site-search class="slate" site-id="docs"></site-search>`, `${script}<link rel="stylesheet" href="/theme.css">`),
      "/theme.css": "site-search.slate { --site-search-accent: rgb(255, 0, 0); } site-search.slate::part(input) { font-size: 21px; }",
      "/results": page(`<site-search mode="page" site-id="docs"></site-search>`, script),
      "/blocked": page(`<site-search site-id="blocked"></site-search>`, script),
      "/docs/install": page("<p>Install</p>"),
      "/docs/configure": page("<p>Configure</p>"),
    },
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  server?.close();
});

describe.if(built)("site-search widget", () => {
  describe("script-tag page", () => {
    test("shows results grouped by page with their sections and highlights", async () => {
      const w = await WidgetPage.open(browser, `${server.url}/inline`);
      await w.search("install");
      expect(await w.part("section-path").first().innerText()).toBe("Guide › Install › Linux");
      expect(await w.part("mark").first().innerText()).toBe("install");
      expect(await w.part("option-title").allInnerTexts()).toContain("Install guide");
      expect(w.errors).toEqual([]);
      await w.close();
    });

    test("has no accessibility violations closed and with results open", async () => {
      const w = await WidgetPage.open(browser, `${server.url}/inline`);
      expect(await w.axeViolations()).toEqual([]);
      await w.search("install");
      expect(await w.axeViolations()).toEqual([]);
      await w.close();
    });

    test("sends the click beacon as text/plain JSON", async () => {
      const w = await WidgetPage.open(browser, `${server.url}/inline`);
      await w.search("configure");
      await w.part("option-title").getByText("Configure", { exact: true }).click();
      await w.page.waitForURL(/\/docs\/configure/);
      await Bun.sleep(100);
      const click = server.clicks.at(-1);
      expect(click?.contentType).toContain("text/plain");
      expect(JSON.parse(click?.body ?? "{}")).toMatchObject({ query: "configure", url: "/docs/configure" });
      await w.close();
    });
  });

  describe("results page", () => {
    test("searches the ?q= of the address and writes new queries back", async () => {
      const w = await WidgetPage.open(browser, `${server.url}/results?q=install`);
      await w.part("option-snippet").first().waitFor();
      expect(await w.input.inputValue()).toBe("install");
      await w.input.fill("configure");
      await w.page.waitForURL(/q=configure/);
      expect(await w.axeViolations()).toEqual([]);
      await w.close();
    });
  });

  describe("errors", () => {
    test("shows an error state and fires site-search-error instead of throwing", async () => {
      const w = await WidgetPage.open(browser, `${server.url}/blocked`);
      const code = w.page.evaluate(
        () => new Promise((resolve) => document.addEventListener("site-search-error", (e) => resolve((e as Event & { code: string }).code), { once: true })),
      );
      await w.input.fill("install");
      expect(await code).toBe("ORIGIN_NOT_ALLOWED");
      await w.part("retry-button").waitFor();
      expect(w.errors).toEqual([]);
      await w.close();
    });
  });

  describe("theming", () => {
    test("applies ::part rules and --site-search-* variables from the page", async () => {
      const w = await WidgetPage.open(browser, `${server.url}/themed`);
      expect(await w.input.evaluate((el) => getComputedStyle(el).fontSize)).toBe("21px");
      await w.input.focus();
      expect(await w.part("field").evaluate((el) => getComputedStyle(el).borderTopColor)).toBe("rgb(255, 0, 0)");
      await w.close();
    });
  });

  describe("keyboard only", () => {
    test("moves through results with arrow keys and opens one with Enter", async () => {
      const w = await WidgetPage.open(browser, `${server.url}/inline`);
      await w.search("install");
      await w.page.keyboard.press("ArrowDown");
      expect(await w.activeDescendant()).toBe("ask-ai");
      await w.page.keyboard.press("ArrowDown");
      expect(await w.activeOptionText()).toContain("Install guide");
      await w.page.keyboard.press("End");
      await w.page.keyboard.press("Home");
      expect(await w.activeDescendant()).toBe("ask-ai");
      await w.page.keyboard.press("ArrowUp");
      await w.page.keyboard.press("Enter");
      await w.page.waitForURL(/\/docs\//);
      await w.close();
    });

    test("clears the query with Escape, then closes", async () => {
      const w = await WidgetPage.open(browser, `${server.url}/inline`);
      await w.search("install");
      await w.page.keyboard.press("Escape");
      expect(await w.input.inputValue()).toBe("");
      await w.page.keyboard.press("Escape");
      expect(await w.part("popover").isVisible()).toBe(false);
      await w.close();
    });
  });

  describe("modal", () => {
    test("opens with Ctrl+K and returns focus to the page on Escape", async () => {
      const w = await WidgetPage.open(browser, `${server.url}/modal`);
      await w.page.locator("#before").focus();
      await w.page.keyboard.press("Control+k");
      await w.part("dialog").waitFor();
      expect(await w.focusedPart()).toBe("input");
      expect(await w.axeViolations()).toEqual([]);
      await w.page.keyboard.type("install");
      await w.part("option-snippet").first().waitFor();
      await w.page.keyboard.press("Escape");
      expect(await w.input.inputValue()).toBe("");
      await w.page.keyboard.press("Escape");
      await w.page.waitForFunction(() => !document.querySelector("site-search")?.shadowRoot?.querySelector("dialog")?.open);
      expect(await w.page.evaluate(() => document.activeElement?.id)).toBe("before");
      await w.close();
    });

    test("opens with / when the visitor is not typing", async () => {
      const w = await WidgetPage.open(browser, `${server.url}/modal`);
      await w.page.keyboard.press("/");
      await w.part("dialog").waitFor();
      expect(await w.focusedPart()).toBe("input");
      await w.close();
    });
  });

  describe("ask AI", () => {
    test("streams an answer with citations, copy and feedback", async () => {
      const w = await WidgetPage.open(browser, `${server.url}/inline`);
      await w.search("install");
      await w.page.keyboard.press("ArrowDown");
      await w.page.keyboard.press("Enter");
      await w.waitForAnswer();
      expect(await w.part("answer-body").innerText()).toContain("install it with the package manager");
      expect(await w.part("citation").first().getAttribute("href")).toBe(`${server.url}/docs/install`);
      expect(await w.part("code-copy").count()).toBe(1);
      expect(await w.part("source").count()).toBe(2);
      expect(await w.axeViolations()).toEqual([]);
      await w.part("feedback-up").click();
      await w.page.waitForFunction(() => true);
      await Bun.sleep(50);
      expect(server.feedback.at(-1)).toEqual({ answerId: "answer-1", rating: "up" });
      await w.close();
    });

    test("opens a bubble from the script tag's data attributes, with suggestions", async () => {
      const w = await WidgetPage.open(browser, `${server.url}/bubble`);
      await w.part("bubble").click();
      expect(await w.part("suggestion").allInnerTexts()).toEqual(["How do I install?", "How do I configure?"]);
      expect(await w.axeViolations()).toEqual([]);
      await w.part("suggestion").first().click();
      await w.waitForAnswer();
      expect(await w.part("question").innerText()).toBe("How do I install?");
      await w.close();
    });
  });

  describe("hostile content", () => {
    test("never runs script from titles, snippets or answers", async () => {
      const w = await WidgetPage.open(browser, `${server.url}/inline`);
      await w.search("evil");
      expect(await w.part("option-title").filter({ hasText: "Evil <img" }).innerText()).toContain("<img");
      await w.input.fill("install");
      await w.part("ask-ai").click();
      await w.waitForAnswer();
      const state = await w.page.evaluate(() => {
        const root = document.querySelector("site-search")!.shadowRoot!;
        return {
          xss: (window as unknown as { __xss?: number }).__xss,
          images: root.querySelectorAll("img").length,
          hrefs: [...root.querySelectorAll("[part~=answer-body] a")].map((a) => a.getAttribute("href")),
        };
      });
      expect(state.xss).toBeUndefined();
      expect(state.images).toBe(0);
      expect(state.hrefs.some((href) => href?.startsWith("javascript:"))).toBe(false);
      await w.close();
    });
  });
});

// Browser tests of <site-search> in Chromium against the real server: what a visitor does with mouse, keyboard and
// screen reader semantics, on pages ingested through the API, with answers streamed by the fake Claude server.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Browser } from "playwright-core";
import { startTestServer, widgetBuilt, type DocPage, type TestServer } from "../fixtures/test-server.ts";
import { launchChromium, WidgetPage } from "./widget-page.ts";

const XSS = `<img src=x onerror="window.__xss=1">`;
const escaped = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
// Sections shorter than about 40 words fold into their parent's chunk, so each section here says enough to stand alone.
const docs: DocPage[] = [
  {
    path: "/docs/install",
    title: "Install guide",
    summary: "How to install the service on Linux and macOS.",
    html: `<h1>Guide</h1><p>This guide explains how to install the service on Linux and macOS, and what you need before you start: a machine with two gigabytes of memory, a recent kernel, and network access to the package mirror of your distribution.</p>
      <h2>Install</h2><p>Pick the package that matches your system. Packages exist for Debian, Ubuntu, Fedora and Homebrew, and each one brings the server, the command line tool and a service definition that starts the server at boot.</p>
      <h3 id="linux">Linux</h3><p>To install with the package manager, run apt install site-search on Debian and Ubuntu, or dnf install site-search on Fedora. The package creates a system user, a data directory under /var/lib and a systemd unit that you can enable once the install has finished.</p>`,
  },
  {
    path: "/docs/configure",
    title: "Configure",
    summary: "Configuration options.",
    html: `<h1>Configure</h1><p>Configuration options after you install: configure the port, the data directory and the log level through environment variables. Every option has a default, so a fresh install runs without any file; configure only what differs, then restart the service to apply the configuration.</p>`,
  },
  {
    path: "/docs/evil",
    title: `Evil ${XSS} page`,
    summary: "A page whose text is markup.",
    // Escaped, so the payload survives cleaning as text, the way a page that shows code would carry it.
    html: `<h1>Evil</h1><p>Evil snippet ${escaped(XSS)} ${escaped("<script>window.__xss=1</script>")} quoted on a page about cross-site scripting, to check that titles and snippets are shown as text and never as markup.</p>`,
  },
  // The rest of a small documentation site: without other pages every word is common and nothing ranks.
  ...[
    [
      "Deploy",
      "Roll out a new version behind the load balancer one instance at a time; the health check keeps traffic away from an instance until it answers.",
    ],
    ["Upgrade", "Read the release notes, take a backup, then replace the binary; migrations run on start and refuse to run twice."],
    ["Backups", "Dump the database every night and copy the dump off the machine; restore it into a scratch database now and then to prove it works."],
    ["Pricing", "The free plan covers one site and a thousand pages; paid plans add sites, pages, groups and longer analytics retention."],
    ["Monitoring", "Scrape the metrics endpoint, alert on the error rate and on queue depth, and keep request logs for a week."],
    ["Security", "Keys are hashed at rest, public endpoints check the calling origin, and every answer is sanitised before it is shown."],
    ["Crawling", "The crawler follows links from the start page, obeys robots.txt, and renders JavaScript pages in a headless browser when asked."],
    ["Analytics", "See the top queries, the questions nobody could answer, and how visitors rated each answer, per site and per day."],
  ].map(([title, text]) => ({ path: `/docs/${title!.toLowerCase()}`, title: title!, html: `<h1>${title}</h1><p>${text} ${text}</p>` })),
];
const answer = `You can **install** it with the package manager [1].\n\n\`\`\`sh\napt install site-search\n\`\`\`\n\n${XSS}\n\n[bad link](javascript:window.__xss=1) and see [2].`;

const page = (body: string, head = "") =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Widget test</title>${head}</head><body><main><h1>Docs</h1>${body}</main></body></html>`;
const script = `<script src="/site-search.js"></script>`;

setDefaultTimeout(30_000);

/** Polls until `find` returns something: beacons and ratings arrive after the click that sent them. */
async function eventually<T>(find: () => T | undefined, timeoutMs = 5_000): Promise<T> {
  for (const start = Date.now(); Date.now() - start < timeoutMs; await Bun.sleep(25)) {
    const found = find();
    if (found !== undefined) return found;
  }
  throw new Error("timed out waiting for the server to see the request");
}

let server: TestServer;
let browser: Browser;
// CI builds the widget first; a missing build there must fail the suite, not skip it.
const run = widgetBuilt || Boolean(process.env.CI);

beforeAll(async () => {
  if (!run) return;
  server = await startTestServer({
    docs,
    answer,
    answerEventDelayMs: 10,
    pages: ({ siteId, blockedSiteId }) => ({
      "/inline": page(`<site-search site-id="${siteId}"></site-search>`, script),
      "/modal": page(`<button id="before">Before</button><site-search site-id="${siteId}" mode="modal"></site-search>`, script),
      "/bubble": page(
        `<p>Bubble from data attributes</p><script src="/site-search.js" data-site-id="${siteId}" data-mode="bubble" data-suggested-questions="How do I install?|How do I configure?"></script>`,
      ),
      "/themed": page(`<site-search class="slate" site-id="${siteId}"></site-search>`, `${script}<link rel="stylesheet" href="/theme.css">`),
      "/theme.css": "site-search.slate { --site-search-accent: rgb(255, 0, 0); } site-search.slate::part(input) { font-size: 21px; }",
      "/results": page(`<site-search mode="page" site-id="${siteId}"></site-search>`, script),
      "/blocked": page(`<site-search site-id="${blockedSiteId}"></site-search>`, script),
    }),
  });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe.if(run)("site-search widget", () => {
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

    test("sends the click beacon as text/plain JSON, and the server counts the click", async () => {
      const w = await WidgetPage.open(browser, `${server.url}/inline`);
      await w.search("configure");
      await w.part("option-title").getByText("Configure", { exact: true }).click();
      await w.page.waitForURL(/\/docs\/configure/);
      const beacon = await eventually(() => server.publicRequests.find((r) => r.path === `/v1/public/sites/${server.siteId}/click`));
      expect(beacon.contentType).toContain("text/plain");
      expect(beacon.status).toBe(204);
      await server.ctx.flushAnalytics();
      const top = await server.ctx.request("GET", `/api/sites/${server.siteId}/top-queries`, { key: server.key });
      expect(top.body.topQueries.find((q: { query: string }) => q.query === "configure")?.clicks).toBeGreaterThanOrEqual(1);
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

    test("tells the site owner once in the console which origin was refused and where to allow it", async () => {
      const w = await WidgetPage.open(browser, `${server.url}/blocked`);
      for (const query of ["install", "configure", "proxy"]) {
        await w.input.fill(query);
        await w.part("retry-button").waitFor();
      }
      const origin = new URL(server.url).origin;
      expect(w.warnings.filter((text) => text.includes("Allowed domains"))).toEqual([
        `<site-search>: ${origin} is not allowed to use this site's search; add it under Allowed domains.`,
      ]);
      await w.close();
    });
  });

  describe("theming", () => {
    test("on a page that sets no scheme or background is light whatever the OS; a page offering both follows the OS", async () => {
      const w = await WidgetPage.open(browser, `${server.url}/inline`);
      await w.page.emulateMedia({ colorScheme: "dark" });
      // The browser paints a page whose scheme is `normal` white, dark OS or not.
      await w.page.locator('site-search[data-page-scheme="light"]').waitFor({ state: "attached" });
      await w.page.evaluate(() => document.documentElement.style.setProperty("color-scheme", "light dark"));
      await w.page.locator("site-search:not([data-page-scheme])").waitFor({ state: "attached" });
      await w.close();
    });

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

    test("closes the results with Escape, then clears the query", async () => {
      const w = await WidgetPage.open(browser, `${server.url}/inline`);
      await w.search("install");
      await w.page.keyboard.press("Escape");
      expect(await w.part("popover").isVisible()).toBe(false);
      expect(await w.input.inputValue()).toBe("install");
      await w.page.keyboard.press("Escape");
      expect(await w.input.inputValue()).toBe("");
      await w.close();
    });
  });

  describe("modal", () => {
    test("opens with Ctrl+K and closes on the first Escape, returning focus to the page", async () => {
      const w = await WidgetPage.open(browser, `${server.url}/modal`);
      await w.page.locator("#before").focus();
      await w.page.keyboard.press("Control+k");
      await w.part("dialog").waitFor();
      expect(await w.focusedPart()).toBe("input");
      expect(await w.axeViolations()).toEqual([]);
      await w.page.keyboard.type("install");
      await w.part("option-snippet").first().waitFor();
      // A dialog closes on the first Escape; the query waits for the next opening.
      await w.page.keyboard.press("Escape");
      await w.page.waitForFunction(() => !document.querySelector("site-search")?.shadowRoot?.querySelector("dialog")?.open);
      expect(await w.page.evaluate(() => document.activeElement?.id)).toBe("before");
      await w.page.keyboard.press("Control+k");
      await w.part("dialog").waitFor();
      expect(await w.input.inputValue()).toBe("install");
      await w.close();
    });

    test("Ctrl+K pressed again right as the dialog closes leaves it open", async () => {
      const w = await WidgetPage.open(browser, `${server.url}/modal`);
      await w.page.keyboard.press("Control+k");
      await w.part("dialog").waitFor();
      // The dialog's close event comes a task after it closed: the hotkey lands in between, as a quick hand's would.
      const open = await w.page.evaluate(async () => {
        const element = document.querySelector("site-search") as HTMLElement & { open: boolean; updateComplete: Promise<unknown> };
        element.open = false;
        await element.updateComplete;
        document.dispatchEvent(new KeyboardEvent("keydown", { key: "k", ctrlKey: true, bubbles: true, composed: true }));
        await new Promise((resolve) => setTimeout(resolve, 100));
        return element.shadowRoot?.querySelector("dialog")?.open;
      });
      expect(open).toBe(true);
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
      expect(await w.part("citation").first().getAttribute("href")).toStartWith(`${server.url}/docs/install`);
      expect(await w.part("code-copy").count()).toBe(1);
      expect(await w.part("source").count()).toBe(2);
      expect(await w.axeViolations()).toEqual([]);
      expect(server.anthropic?.requests.length).toBeGreaterThan(0);
      await w.part("feedback-up").click();
      await eventually(() => server.publicRequests.find((r) => r.path.endsWith("/feedback") && r.status === 204));
      const rated = await server.ctx.request("GET", `/api/sites/${server.siteId}/feedback`, { key: server.key });
      expect(rated.body.feedback).toContainEqual(expect.objectContaining({ question: "install", rating: "up" }));
      // Chromium has the HTML Sanitizer API, so DOMPurify is never fetched.
      expect(await w.scriptsLoaded()).toContain("site-search-chat.js");
      expect(await w.scriptsLoaded()).not.toContain("site-search-purify.js");
      await w.close();
    });

    test("fetches DOMPurify for the answer where the browser has no Sanitizer API", async () => {
      const w = await WidgetPage.open(browser, `${server.url}/inline`, { initScript: "delete window.Sanitizer;" });
      await w.search("install");
      await w.page.keyboard.press("ArrowDown");
      await w.page.keyboard.press("Enter");
      await w.waitForAnswer();
      expect(await w.scriptsLoaded()).toEqual(expect.arrayContaining(["site-search-chat.js", "site-search-purify.js"]));
      expect(await w.part("answer-body").innerText()).toContain("install it with the package manager");
      expect(await w.part("citation").first().getAttribute("href")).toStartWith(`${server.url}/docs/install`);
      expect(await w.part("code-copy").count()).toBe(1);
      expect(w.errors).toEqual([]);
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

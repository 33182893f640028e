// Browser tests of forgiving search in the widget: "Did you mean" after a typo, and completions while results are on their way.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Browser } from "playwright-core";
import { startTestServer, widgetBuilt, type DocPage, type TestServer } from "../fixtures/test-server.ts";
import { launchChromium, WidgetPage } from "./widget-page.ts";

const docs: DocPage[] = [
  ["Virtual hosts", "Apache serves many sites from one server with virtual hosts; each virtual host answers for its own ServerName."],
  ["Reverse proxy", "Forward the Host header and X-Forwarded-For so the backend sees the visitor's address and the name it asked for."],
  ["Log files", "The server writes an access log and an error log; rotate them daily and keep a week of them."],
  ["Backups", "Dump the database every night and copy the dump off the machine; restore it now and then to prove it works."],
].map(([title, text]) => ({ path: `/docs/${title!.toLowerCase().replace(" ", "-")}`, title: title!, html: `<h1>${title}</h1><p>${text} ${text}</p>` }));

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Widget test</title><script src="/site-search.js"></script></head><body><main><h1>Docs</h1>${body}</main></body></html>`;

setDefaultTimeout(30_000);
let server: TestServer;
let browser: Browser;
const run = widgetBuilt || Boolean(process.env.CI);

beforeAll(async () => {
  if (!run) return;
  server = await startTestServer({ docs, pages: ({ siteId }) => ({ "/inline": page(`<site-search site-id="${siteId}"></site-search>`) }) });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe.if(run)("site-search widget, forgiving search", () => {
  test("offers the corrected query after a typo and searches it on click", async () => {
    const w = await WidgetPage.open(browser, `${server.url}/inline`);
    await w.search("virtaul hosts");
    expect(await w.part("option-title").allInnerTexts()).toContain("Virtual hosts");
    await w.part("did-you-mean-button").click();
    expect(await w.input.inputValue()).toBe("virtual hosts");
    await w.page.waitForFunction(() => !document.querySelector("site-search")?.shadowRoot?.querySelector('[part~="did-you-mean-button"]'));
    expect(await w.part("option-title").allInnerTexts()).toContain("Virtual hosts");
    expect(w.errors).toEqual([]);
    await w.close();
  });

  test("shows the instant answer to typing while the full one is on its way, with no separate completion request", async () => {
    const w = await WidgetPage.open(browser, `${server.url}/inline`);
    const calls = w.recordApiCalls();
    // Hold the full search back so the instant answer is what the visitor sees first.
    const full = /\/search\?(?!.*speed=instant)/;
    await w.page.route(full, async (route) => {
      await Bun.sleep(1500);
      await route.continue().catch(() => {});
    });
    await w.input.click();
    await w.type("rever", 8);
    await w.part("option-title").first().waitFor();
    expect(await w.part("listbox").getAttribute("aria-busy")).toBe("true");
    expect(await w.part("option-title").allInnerTexts()).toContain("Reverse proxy");
    await w.waitForFullAnswer();
    expect(await w.part("option-title").allInnerTexts()).toContain("Reverse proxy");
    expect(calls.some((call) => call.url.pathname.endsWith("/suggest"))).toBe(false);
    expect(w.errors).toEqual([]);
    await w.close();
  });
});

// A visitor typing questions into <site-search> at a typist's speed, in Chromium against the real server with the
// site's default rate limits: how many requests the widget sends per keystroke, and that none is refused.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Browser } from "playwright-core";
import { Limits } from "../../shared/limits.ts";
import { startTestServer, widgetBuilt, type DocPage, type TestServer } from "../fixtures/test-server.ts";
import { launchChromium, WidgetPage } from "./widget-page.ts";

const topics: Array<[string, string]> = [
  ["Install guide", "Install the server with the package manager of your system, then enable its service so it starts at boot."],
  ["Configure the port", "The server listens on port 3000; set PORT to change it, and restart the service to apply the new port."],
  ["Virtual hosts", "One server answers for many sites: each virtual host has its own name, document root and log files."],
  ["Reverse proxy", "Put the server behind a reverse proxy that forwards the Host header and the visitor's address."],
  ["Backups", "Dump the database every night, copy the dump off the machine, and restore it now and then to prove it works."],
  ["Logging", "Request logs go to standard output as JSON lines; set LOG_LEVEL to debug to see every request."],
];
const docs: DocPage[] = topics.map(([title, text]) => ({
  path: `/docs/${title.toLowerCase().replaceAll(" ", "-")}`,
  title,
  html: `<h1>${title}</h1><p>${text} ${text}</p>`,
}));
const questions = [
  "How do I install the server?",
  "How do I configure the port?",
  "What is a virtual host?",
  "How do I run it behind a reverse proxy?",
  "How do I take backups of the database?",
];
const CHARS_PER_SECOND = 8;

setDefaultTimeout(120_000);

let server: TestServer;
let browser: Browser;
// CI builds the widget first; a missing build there must fail the suite, not skip it.
const run = widgetBuilt || Boolean(process.env.CI);

beforeAll(async () => {
  if (!run) return;
  server = await startTestServer({
    docs,
    pages: ({ siteId }) => ({
      "/inline": `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Typing</title><script src="/site-search.js"></script></head><body><main><site-search site-id="${siteId}"></site-search></main></body></html>`,
    }),
  });
  // The fixture raises the site's limits for the other suites; a visitor typing must hold at the defaults.
  const reset = await server.ctx.request("PUT", `/api/sites/${server.siteId}`, {
    key: server.key,
    body: { rateLimits: { searchPerMinute: Limits.publicSearchPerMinutePerIp, chatPerMinute: Limits.publicChatPerMinutePerIp } },
  });
  expect(reset.status).toBe(200);
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const errorEvents = `window.__errors = []; document.addEventListener("site-search-error", (e) => window.__errors.push(e.code));`;

describe.if(run)("a visitor typing into the widget", () => {
  test(`at ${CHARS_PER_SECOND} characters a second sends at most one request per two keys, none refused, and ends on the full answer`, async () => {
    const w = await WidgetPage.open(browser, `${server.url}/inline`, { initScript: errorEvents });
    const calls = w.recordApiCalls();
    let keystrokes = 0;
    for (const question of questions) {
      await w.input.click();
      await w.input.fill("");
      await w.type(question, CHARS_PER_SECOND);
      keystrokes += question.length;
      // The visitor reads: the pause brings the full ranking, which replaces the instant one.
      await Bun.sleep(1_500);
    }
    const searches = calls.filter((c) => c.url.pathname.endsWith("/search"));
    const refused = calls.filter((c) => c.status >= 400);
    console.info(`${keystrokes} keystrokes, ${calls.length} API requests (${(calls.length / keystrokes).toFixed(2)} per key), ${refused.length} refused`);
    expect(refused).toEqual([]);
    expect(calls.length / keystrokes).toBeLessThanOrEqual(0.5);
    // Completions come with the instant answers: no second request per keystroke, and none over the suggest limit.
    expect(calls.filter((c) => c.url.pathname.endsWith("/suggest"))).toEqual([]);
    expect(searches.filter((c) => c.url.searchParams.get("speed") === "instant").length).toBeGreaterThan(0);
    for (const question of questions) {
      const full = searches.filter((c) => c.url.searchParams.get("q") === question.trim() && c.url.searchParams.get("speed") === null);
      expect(full).toHaveLength(1);
    }
    expect(await w.page.evaluate(() => (window as unknown as { __errors: string[] }).__errors)).toEqual([]);
    expect(w.errors).toEqual([]);
    await w.close();
  });

  test("backspacing shows answers from the cache without asking again", async () => {
    const w = await WidgetPage.open(browser, `${server.url}/inline`, { initScript: errorEvents });
    await w.search("backups");
    await Bun.sleep(1_200);
    await w.search("backup");
    await Bun.sleep(1_200);
    const calls = w.recordApiCalls();
    await w.input.press("End");
    await w.type("s", CHARS_PER_SECOND);
    await w.input.press("Backspace");
    await Bun.sleep(1_200);
    expect(calls).toEqual([]);
    expect(await w.part("option-title").allInnerTexts()).toContain("Backups");
    await w.close();
  });

  test("a refusal for too many searches is waited out and retried once, with no error shown", async () => {
    const w = await WidgetPage.open(browser, `${server.url}/inline`, { initScript: errorEvents });
    let refusals = 0;
    await w.page.route("**/v1/public/sites/*/search?*", async (route) => {
      if (refusals++ > 0) return route.continue();
      await route.fulfill({
        status: 429,
        headers: { "content-type": "application/json", "retry-after": "1", "access-control-allow-origin": "*" },
        body: JSON.stringify({ error: "Too many searches. Try again in 1 s.", code: "RATE_LIMITED", retryAfter: 1 }),
      });
    });
    await w.search("reverse proxy");
    expect(refusals).toBeGreaterThanOrEqual(2);
    expect(await w.part("option-title").allInnerTexts()).toContain("Reverse proxy");
    expect(await w.page.evaluate(() => (window as unknown as { __errors: string[] }).__errors)).toEqual([]);
    await w.close();
  });
});

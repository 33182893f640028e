// Keystroke-to-results-painted latency of <site-search> in Chromium against the real server over loopback (the test
// server fixture: PGlite, or PostgreSQL with DATABASE_URL; hybrid search over embedded chunks; the widget's debounce included: DEBOUNCE=ms overrides it).
import { startTestServer, widgetBuilt, type DocPage } from "../tests/fixtures/test-server.ts";
import { launchChromium } from "../tests/e2e/widget-page.ts";

if (!widgetBuilt) {
  console.error("dist/site-search.js is missing: run npm run build:widget first.");
  process.exit(1);
}

// One page per word, so each query has one clear best page; every query is distinct, so neither the widget's nor the
// server's cache flatters the numbers.
const words = [
  "install",
  "configure",
  "deploy",
  "upgrade",
  "backup",
  "restore",
  "monitor",
  "alert",
  "crawl",
  "index",
  "answer",
  "widget",
  "theme",
  "keyboard",
  "analytics",
  "pricing",
  "billing",
  "invoice",
  "security",
  "password",
  "token",
  "webhook",
  "export",
  "import",
  "migrate",
  "schedule",
  "cluster",
  "replica",
  "cache",
  "proxy",
  "domain",
  "certificate",
  "language",
  "synonym",
  "filter",
  "facet",
  "ranking",
  "snippet",
  "feedback",
  "session",
];
const debounce = process.env.DEBOUNCE ? `${Number(process.env.DEBOUNCE)} ms` : "the typing pace's";
const RUNS = Math.min(Number(process.env.RUNS ?? words.length), words.length);
const title = (word: string) => `${word[0]!.toUpperCase()}${word.slice(1)} guide`;
const docs: DocPage[] = words.map((word) => ({
  path: `/docs/${word}`,
  title: title(word),
  html: `<h1>${title(word)}</h1><p>This page explains ${word} from start to finish: when a site needs ${word}, how ${word} behaves by default, which settings change ${word}, and what to check when ${word} does not do what you expect. Examples of ${word} follow at the end.</p>`,
}));

const started = performance.now();
const server = await startTestServer({
  docs,
  pages: ({ siteId }) => ({
    "/": `<!doctype html><html lang="en"><head><title>latency</title><script src="/site-search.js"></script></head><body><main><site-search site-id="${siteId}"${process.env.DEBOUNCE ? ` debounce="${Number(process.env.DEBOUNCE)}"` : ""}></site-search></main></body></html>`,
  }),
});
console.log(
  `server ready with ${docs.length} ingested and embedded pages in ${((performance.now() - started) / 1000).toFixed(1)} s (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`,
);
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  await page.goto(server.url);
  await page.waitForFunction(() => customElements.get("site-search"));
  // Marks the last keydown; resolves just after the frame that first paints the typed word's own page at the top:
  // a MutationObserver sees the results the moment they enter the DOM, and a message posted from the next
  // animation frame runs once that frame has painted (the usual next-paint measurement).
  await page.evaluate(() => {
    type Sample = [painted: number, request: number, toFetch: number, toPaint: number];
    const w = window as unknown as { lastKey: number; painted: (title: string) => Promise<Sample> };
    document.addEventListener("keydown", (e) => (w.lastKey = e.timeStamp), true);
    performance.setResourceTimingBufferSize(100_000);
    w.painted = (title) =>
      new Promise((resolve) => {
        performance.clearResourceTimings();
        const root = document.querySelector("site-search")!.shadowRoot!;
        const shown = () => (root.querySelector('a[role="option"] [part~="option-title"]')?.textContent ?? "") === title;
        const afterPaint = () =>
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => {
              const now = performance.now();
              // The search request's own share: fetch start to last byte, server time included.
              const request = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter((e) => e.name.includes("/search?")).at(-1);
              resolve(
                request
                  ? [now - w.lastKey, request.responseEnd - request.startTime, request.startTime - w.lastKey, now - request.responseEnd]
                  : [now - w.lastKey, NaN, NaN, NaN],
              );
            };
            channel.port2.postMessage(null);
          });
        // Only the full word's page ranks first with this title, so these results are for the query, not a prefix.
        if (shown()) return afterPaint();
        const observer = new MutationObserver(() => {
          if (!shown()) return;
          observer.disconnect();
          afterPaint();
        });
        observer.observe(root, { subtree: true, childList: true, characterData: true });
      });
  });
  const input = page.locator("site-search [part~=input]");
  // One query before measuring: loads the embedding model and warms the database, as on a server that has been up a while.
  await input.fill("warm up");
  await page.waitForTimeout(2_000);
  const painted: number[] = [];
  const requests: number[] = [];
  const toFetch: number[] = [];
  const toPaint: number[] = [];
  let missed = 0;
  for (const word of words.slice(0, RUNS)) {
    await input.fill("");
    const done = page.evaluate((t) => (window as unknown as { painted: (t: string) => Promise<number[]> }).painted(t), title(word));
    await input.pressSequentially(word, { delay: 30 });
    const sample = await Promise.race([done, Bun.sleep(10_000).then(() => null)]);
    if (!sample) missed++;
    else {
      painted.push(sample[0]!);
      requests.push(sample[1]!);
      toFetch.push(sample[2]!);
      toPaint.push(sample[3]!);
    }
  }
  const percentile = (list: number[], p: number) => {
    const sorted = list.filter((n) => !Number.isNaN(n)).sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(0);
  };
  console.log(
    `keystroke → results painted over ${painted.length} queries: p50 ${percentile(painted, 0.5)} ms, p95 ${percentile(painted, 0.95)} ms, max ${percentile(painted, 1)} ms (${debounce} debounce included)`,
  );
  console.log(`  last keydown to request start: p50 ${percentile(toFetch, 0.5)} ms, p95 ${percentile(toFetch, 0.95)} ms`);
  console.log(`  the search request (fetch to last byte, server included): p50 ${percentile(requests, 0.5)} ms, p95 ${percentile(requests, 0.95)} ms`);
  console.log(`  last byte to results painted: p50 ${percentile(toPaint, 0.5)} ms, p95 ${percentile(toPaint, 0.95)} ms`);
  if (missed > 0) {
    console.error(`${missed} queries never showed their page first within 10 s`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await server.close();
}

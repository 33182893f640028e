// Keystroke-to-results-painted latency of <site-search> in Chromium over loopback (includes the 120 ms debounce).
// Uses the TEMPORARY scaffold server until tests/fixtures/test-server.ts exists; swap startScaffoldServer for it then.
import { startScaffoldServer } from "../tests/e2e/scaffold-server.ts";
import { launchChromium } from "../tests/e2e/widget-page.ts";

const RUNS = Number(process.env.RUNS ?? 40);
const words = ["install", "configure", "linux", "search", "widget", "crawl", "answer", "deploy"];
const docs = words.flatMap((word, i) =>
  Array.from({ length: 5 }, (_, j) => ({ url: `/docs/${word}-${j}`, title: `${word} page ${j}`, snippet: `All about ${word}, part ${j} of ${i}.` })),
);
const server = startScaffoldServer({
  docs,
  answer: "",
  pages: { "/": `<!doctype html><html lang="en"><head><title>latency</title><script src="/site-search.js"></script></head><body><main><site-search site-id="bench"></site-search></main></body></html>` },
});
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  await page.goto(server.url);
  await page.waitForFunction(() => customElements.get("site-search"));
  // Marks the last keydown; resolves on the first frame after a listbox shows results for the typed query.
  await page.evaluate(() => {
    const w = window as unknown as { lastKey: number; painted: (q: string) => Promise<number> };
    document.addEventListener("keydown", (e) => (w.lastKey = e.timeStamp), true);
    w.painted = (q) =>
      new Promise((resolve) => {
        const root = document.querySelector("site-search")!.shadowRoot!;
        const check = () => {
          // The scaffold marks exactly the typed query, so a matching <mark> proves these results are for q, not a prefix.
          const mark = root.querySelector('a[role="option"] [part~="mark"]')?.textContent ?? "";
          if (mark.toLowerCase() === q) requestAnimationFrame(() => resolve(performance.now() - w.lastKey));
          else requestAnimationFrame(check);
        };
        check();
      });
  });
  const input = page.locator("site-search [part~=input]");
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    // Every query is distinct (word × prefix length), so the widget's cache does not flatter the numbers.
    const word = words[i % words.length]!;
    const query = word.slice(0, Math.min(word.length, 3 + Math.floor(i / words.length)));
    await input.fill("");
    const done = page.evaluate((q) => (window as unknown as { painted: (q: string) => Promise<number> }).painted(q), query);
    await input.pressSequentially(query, { delay: 30 });
    samples.push(await done);
  }
  samples.sort((a, b) => a - b);
  const at = (p: number) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))]!;
  console.log(`keystroke → results painted over ${RUNS} queries: p50 ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, max ${at(1).toFixed(0)} ms (debounce 120 ms included)`);
} finally {
  await browser.close();
  server.close();
}

// A simulated visitor of the traffic benchmark: types FAQ questions about the httpd manual key by key at a human pace
// (jittered keys, the odd typo and its backspace, the odd pause between words, a pause to read) through the widget's own SearchController, which
// decides what is sent (instant answers while typing, the full one on a pause, one request at a time, the cache).
import type { SearchResponse, SearchSpeed } from "../shared/search.ts";
import { SearchController } from "../widget/controllers/search-controller.ts";

export const questions = [
  "How do I set up virtual hosts?",
  "How do I enable mod_rewrite?",
  "How do I configure SSL?",
  "How do I redirect http to https?",
  "What is the difference between Alias and Redirect?",
  "How do I password protect a directory?",
  "How do I turn on directory listings?",
  "How do I run CGI scripts?",
  "Where are the log files?",
  "How do I use .htaccess files?",
  "How do I set up a reverse proxy?",
  "How do I limit request body size?",
];

export interface Sample {
  speed: SearchSpeed;
  ms: number;
  /** 0 when the request failed without an answer (a network error, not an abort). */
  status: number;
  /** When the answer arrived (performance.now()). */
  at: number;
  /** Answered from the server's cache of GET answers (x-cache: HIT). */
  cached?: boolean;
}

export const percentile = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!);
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const jitter = (low: number, high: number) => low + Math.random() * (high - low);

/** One visitor (its own address: the per-visitor limits apply) typing questions until the deadline. */
export async function visitor(base: string, siteId: string, id: number, deadline: number, samples: Sample[]): Promise<void> {
  const address = `10.${(id >> 16) & 255}.${(id >> 8) & 255}.${id & 255}`;
  const host = { addController() {}, removeController() {}, requestUpdate() {}, updateComplete: Promise.resolve(true) };
  const controller = new SearchController(host, {
    fetchResults: async (q: string, signal: AbortSignal, speed: SearchSpeed): Promise<SearchResponse> => {
      const started = performance.now();
      const params = new URLSearchParams({ q, ...(speed === "instant" ? { speed } : {}) });
      try {
        const response = await fetch(`${base}/v1/public/sites/${siteId}/search?${params}`, { signal, headers: { "x-forwarded-for": address } });
        const body = await response.json();
        const at = performance.now();
        samples.push({ speed, ms: at - started, status: response.status, at, cached: response.headers.get("x-cache") === "HIT" });
        if (!response.ok) throw { message: body.error, code: body.code, status: response.status, retryAfter: body.retryAfter };
        return body as SearchResponse;
      } catch (error) {
        if ((error as { name?: string }).name !== "AbortError" && !(error as { status?: number }).status)
          samples.push({ speed, ms: 0, status: 0, at: performance.now() });
        throw error;
      }
    },
  });
  await sleep(Math.random() * 2000);
  for (let n = id; performance.now() < deadline; n++) {
    const question = questions[n % questions.length]!;
    let typed = "";
    for (const char of question) {
      if (performance.now() >= deadline) break;
      if (Math.random() < 0.03) {
        // A typo, noticed and taken back.
        controller.search((typed += "x"));
        await sleep(jitter(150, 300));
        controller.search((typed = typed.slice(0, -1)));
        await sleep(jitter(100, 160));
      }
      controller.search((typed += char));
      await sleep(jitter(90, 160));
      // Now and then the visitor stops between words to think: long enough for the widget's full search of the words so far.
      if (char === " " && Math.random() < 0.15) await sleep(jitter(700, 1500));
    }
    // A visitor whose time is up leaves at once: the pause before reading would start every visitor's full search of an
    // unfinished question in the same instant, a burst that real visitors, arriving at their own times, never make.
    if (performance.now() >= deadline) break;
    await sleep(jitter(1500, 3000));
  }
  controller.cancel();
}

// The background work of the traffic soak: the httpd manual served on loopback and crawled again and again into a
// second site, and pages pushed through the API into the searched site every few seconds, as an editor would.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serveCrawlSite } from "../tests/fixtures/crawl-site-server.ts";
import { sleep } from "./traffic-visitor.ts";

export interface Background {
  crawls: number;
  pushes: number;
  /** Failed API calls of the background work (not visitors' errors). */
  failures: string[];
  stop(): Promise<void>;
}

export function startBackground(base: string, apiKey: string, searchedSiteId: string, root: string): Background {
  const site = serveCrawlSite({ root });
  const state: Background = { crawls: 0, pushes: 0, failures: [], stop: async () => {} };
  let running = true;
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await response.json();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json).slice(0, 200)}`);
    return json;
  };
  const crawling = (async () => {
    const created = await call("POST", "/api/sites", { name: "crawled manual", baseUrl: `${site.origin}/`, crawlerConfig: { maxPages: 5000, maxDepth: 20 } });
    while (running) {
      const { jobId } = await call("POST", `/api/sites/${created.siteId}/crawl`);
      state.crawls++;
      for (;;) {
        await sleep(2000);
        const job = await call("GET", `/api/jobs/${jobId}`);
        if (!running || !["pending", "running"].includes(job.status)) break;
      }
    }
  })().catch((error: Error) => state.failures.push(`crawl: ${error.message}`));
  const names = readdirSync(root).filter((name) => name.endsWith(".html"));
  const pushing = (async () => {
    for (let round = 0; running; round++) {
      // Five pages a push, each with a changed paragraph so ingest rewrites its chunks.
      const pages = Array.from({ length: 5 }, (_, i) => {
        const name = names[(round * 5 + i) % names.length]!;
        const content = readFileSync(join(root, name), "utf8").replace("</body>", `<p>Revision ${round} of ${name}.</p></body>`);
        return { url: `https://httpd.bench.example/${name}`, content };
      });
      try {
        await call("POST", `/api/sites/${searchedSiteId}/pages`, { pages });
        state.pushes++;
      } catch (error) {
        state.failures.push(`push: ${(error as Error).message}`);
      }
      await sleep(5000);
    }
  })();
  state.stop = async () => {
    running = false;
    await Promise.all([crawling, pushing]);
    site.stop();
  };
  return state;
}

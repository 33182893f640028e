// TEMPORARY SCAFFOLD, to be replaced by tests/fixtures/test-server.ts (the real server) when it exists.
// Serves the built widget plus a loopback stand-in for the public endpoints' shapes only (search, chat SSE/JSON,
// feedback, click), so browser tests can drive the widget today. It is not the service and tests nothing of it.
import { join } from "node:path";
import type { SearchResponse, SearchResult } from "../../shared/search.ts";
import type { ChatResponse, ChatSource } from "../../shared/chat.ts";

const root = join(import.meta.dir, "../..");

export interface ScaffoldDoc {
  url: string;
  title: string;
  snippet: string;
  sections?: { heading: string; headingPath: string[]; anchor: string; snippet: string }[];
}

export interface ScaffoldOptions {
  docs: ScaffoldDoc[];
  /** Markdown streamed as the answer, in chunks. */
  answer: string;
  sources?: ChatSource[];
  /** Delay between answer deltas, so stop/streaming states can be observed. */
  deltaDelayMs?: number;
  /** Page HTML by path, e.g. { "/": "<!doctype html>..." }. */
  pages: Record<string, string>;
}

export interface ScaffoldServer {
  url: string;
  clicks: { contentType: string | null; body: string }[];
  feedback: unknown[];
  chatRequests: unknown[];
  close(): void;
}

// Pages are served under the strict CSP the widget promises to work with: no inline script, no eval, no inline style.
const CSP = "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'";

function highlightsOf(text: string, query: string): [number, number][] {
  const out: [number, number][] = [];
  for (const term of query.toLowerCase().split(/\s+/).filter(Boolean)) {
    const at = text.toLowerCase().indexOf(term);
    if (at >= 0) out.push([at, at + term.length]);
  }
  return out;
}

function search(docs: ScaffoldDoc[], query: string): SearchResponse {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  const results: SearchResult[] = docs
    .filter((doc) => terms.some((term) => `${doc.title} ${doc.snippet}`.toLowerCase().includes(term)))
    .map((doc) => ({
      url: doc.url,
      title: doc.title,
      snippet: doc.snippet,
      score: 0.9,
      highlights: highlightsOf(doc.snippet, query),
      tags: [],
      sections: (doc.sections ?? []).map((s) => ({ ...s, url: `${doc.url}#${s.anchor}`, highlights: highlightsOf(s.snippet, query), score: 0.8 })),
    }));
  return { query, results, totalResults: results.length, timingMs: 1 };
}

function sse(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function startScaffoldServer(options: ScaffoldOptions): ScaffoldServer {
  const clicks: ScaffoldServer["clicks"] = [];
  const feedback: unknown[] = [];
  const chatRequests: unknown[] = [];
  const sources: ChatSource[] = options.sources ?? options.docs.slice(0, 2).map((d) => ({ url: d.url, title: d.title, score: 0.9, relevance: 0.9 }));
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const url = new URL(request.url);
      const path = url.pathname;
      if (path.endsWith(".css") && path in options.pages) return new Response(options.pages[path], { headers: { "content-type": "text/css" } });
      if (path in options.pages) return new Response(options.pages[path], { headers: { "content-type": "text/html", "content-security-policy": CSP } });
      if (path === "/site-search.js" || path === "/site-search-chat.js") return new Response(Bun.file(join(root, "dist", path)), { headers: { "content-type": "text/javascript" } });
      if (path === "/axe.min.js") return new Response(Bun.file(join(root, "node_modules/axe-core/axe.min.js")), { headers: { "content-type": "text/javascript" } });
      if (path.startsWith("/v1/public/sites/blocked/")) {
        return Response.json({ error: "Origin not allowed", code: "ORIGIN_NOT_ALLOWED" }, { status: 403 });
      }
      if (/^\/v1\/public\/(sites|groups)\/[^/]+\/search$/.test(path)) {
        return Response.json(search(options.docs, url.searchParams.get("q") ?? ""));
      }
      if (path.endsWith("/click")) {
        clicks.push({ contentType: request.headers.get("content-type"), body: await request.text() });
        return new Response(null, { status: 204 });
      }
      if (path.endsWith("/feedback")) {
        feedback.push(await request.json());
        return new Response(null, { status: 204 });
      }
      if (path.endsWith("/chat")) {
        const body = (await request.json()) as { sessionId?: string };
        chatRequests.push(body);
        const sessionId = body.sessionId ?? "session-1";
        if (!request.headers.get("accept")?.includes("text/event-stream")) {
          const json: ChatResponse = { answer: options.answer, response: options.answer, sources, sessionId, mode: "generative", answered: true, answerId: "answer-1" };
          return Response.json(json);
        }
        const chunks = options.answer.match(/[\s\S]{1,12}/g) ?? [];
        const delay = options.deltaDelayMs ?? 5;
        const stream = new ReadableStream<string>({
          async start(controller) {
            controller.enqueue(sse("sources", { sources, sessionId, mode: "generative" }));
            for (const text of chunks) {
              await Bun.sleep(delay);
              try {
                controller.enqueue(sse("answer-delta", { text }));
              } catch {
                return; // The client stopped the stream.
              }
            }
            controller.enqueue(sse("answer-end", { sessionId, answerId: "answer-1", answered: true, sources }));
            controller.close();
          },
        });
        return new Response(stream, { headers: { "content-type": "text/event-stream", "cache-control": "no-cache" } });
      }
      return new Response("not found", { status: 404 });
    },
  });
  return { url: `http://127.0.0.1:${server.port}`, clicks, feedback, chatRequests, close: () => server.stop(true) };
}

import { describe, expect, test } from "bun:test";
import type { ReactiveController } from "lit";
import type { SearchResponse, SearchSpeed } from "../../shared/search.ts";
import { SearchController, type SearchControllerOptions } from "./search-controller.ts";

function fakeHost() {
  return {
    updates: 0,
    addController(_c: ReactiveController) {},
    removeController() {},
    requestUpdate() {
      this.updates++;
    },
    updateComplete: Promise.resolve(true),
  };
}
const response = (query: string): SearchResponse => ({ query, results: [], totalResults: 0, timingMs: 1 });
const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A controller whose requests are recorded as "speed:query", answering after `latency` ms. */
function recording(options: Partial<SearchControllerOptions> = {}, latency = 1) {
  const calls: string[] = [];
  let inflight = 0;
  let mostInflight = 0;
  const search = new SearchController(fakeHost(), {
    fetchResults: async (q: string, _signal: AbortSignal, speed: SearchSpeed) => {
      calls.push(`${speed}:${q}`);
      mostInflight = Math.max(mostInflight, ++inflight);
      await tick(latency);
      inflight--;
      return response(q);
    },
    ...options,
  });
  return { search, calls, mostInflight: () => mostInflight };
}

async function type(search: SearchController, text: string, everyMs: number, from = 1) {
  for (let i = from; i <= text.length; i++) {
    search.search(text.slice(0, i));
    await tick(everyMs);
  }
}

describe("SearchController", () => {
  test("a fixed debounce coalesces keystrokes into one instant search, and the pause brings the full one", async () => {
    const { search, calls } = recording({ debounceMs: 20 });
    search.search("i");
    search.search("in");
    search.search("ins");
    await tick(60);
    expect(calls).toEqual(["instant:ins"]);
    expect(search.state.status).toBe("success");
    await tick(500);
    expect(calls).toEqual(["instant:ins", "full:ins"]);
  });

  test("a steady fast typist sends at most one request per two keys, one at a time, and the full search once they stop", async () => {
    const { search, calls, mostInflight } = recording({}, 40);
    const text = "how do i configure virtual hosts";
    await type(search, text, 30);
    await tick(1200);
    expect(calls.length).toBeLessThanOrEqual(text.length / 2);
    expect(mostInflight()).toBe(1);
    expect(calls.filter((c) => c.startsWith("instant:")).length).toBeGreaterThan(0);
    expect(calls.at(-1)).toBe(`full:${text}`);
    expect(search.state).toMatchObject({ status: "success", query: text });
  });

  test("keeps the previous results on screen while the next are on their way", async () => {
    const { search } = recording({ debounceMs: 0 });
    search.search("proxy", { immediate: true });
    await tick(10);
    search.search("proxy he");
    expect(search.state.status).toBe("loading");
    expect(search.state.response?.query).toBe("proxy");
  });

  test("an explicit search (a pick, a facet, Enter) aborts the request in flight and drops its late answer", async () => {
    const signals: AbortSignal[] = [];
    const search = new SearchController(fakeHost(), {
      debounceMs: 0,
      fetchResults: async (q, signal) => {
        signals.push(signal);
        await tick(q === "slow" ? 30 : 1);
        return response(q);
      },
    });
    search.search("slow", { immediate: true });
    search.search("fast", { immediate: true });
    await tick(50);
    expect(signals[0]?.aborted).toBe(true);
    expect(search.state.response?.query).toBe("fast");
  });

  test("backspacing is answered from the cache without a request", async () => {
    const { search, calls } = recording({ debounceMs: 0 });
    search.search("a", { immediate: true });
    await tick(5);
    search.search("ab", { immediate: true });
    await tick(5);
    search.search("a");
    expect(search.state).toMatchObject({ status: "success", query: "a" });
    await tick(600);
    expect(calls).toEqual(["full:a", "full:ab"]);
  });

  test("a 429 is waited out once, silently, then retried for the query typed by then", async () => {
    const calls: string[] = [];
    const states: string[] = [];
    const search = new SearchController(
      { ...fakeHost(), requestUpdate: () => states.push(search.state.status) },
      {
        debounceMs: 0,
        fetchResults: async (q) => {
          calls.push(q);
          if (calls.length === 1) throw { message: "Too many", code: "RATE_LIMITED", status: 429, retryAfter: 0.05 };
          return response(q);
        },
      },
    );
    search.search("x", { immediate: true });
    await tick(10);
    search.search("xy", { immediate: true });
    await tick(80);
    expect(calls).toEqual(["x", "xy"]);
    expect(states).not.toContain("error");
    expect(search.state).toMatchObject({ status: "success", query: "xy" });
  });

  test("a second 429 in a row is shown as an error", async () => {
    const errors: string[] = [];
    const search = new SearchController(fakeHost(), {
      debounceMs: 0,
      fetchResults: async () => Promise.reject({ message: "Too many", code: "RATE_LIMITED", status: 429, retryAfter: 0.02 }),
      onError: (error) => errors.push(error.code),
    });
    search.search("x", { immediate: true });
    await tick(60);
    expect(search.state.status).toBe("error");
    expect(errors).toEqual(["RATE_LIMITED"]);
  });

  test("resets to idle for an empty query", () => {
    const search = new SearchController(fakeHost(), { fetchResults: async (q) => response(q) });
    search.search("   ");
    expect(search.state).toEqual({ status: "idle", query: "" });
  });
  test("a full answer that finds nothing keeps the pages the instant answer found for an unfinished word", async () => {
    const hit = { url: "https://docs.example.com/proxy", title: "Reverse proxy" } as unknown as SearchResponse["results"][number];
    const search = new SearchController(fakeHost(), {
      debounceMs: 10,
      fetchResults: async (q, _signal, speed) => ({ ...response(q), speed, results: speed === "instant" ? [hit] : [] }),
    });
    search.search("rever");
    await tick(30);
    expect(search.state.response).toMatchObject({ speed: "instant", results: [hit] });
    await tick(1100);
    expect(search.state.response).toMatchObject({ speed: "full", results: [hit] });
    expect(search.state.status).toBe("success");
  });
});

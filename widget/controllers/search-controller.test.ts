import { describe, expect, test } from "bun:test";
import type { ReactiveController } from "lit";
import type { SearchResponse } from "../../shared/search.ts";
import { DEFAULT_DEBOUNCE_MS, SearchController } from "./search-controller.ts";

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

describe("SearchController", () => {
  test("debounces keystrokes into one request", async () => {
    const calls: string[] = [];
    const search = new SearchController(fakeHost(), {
      debounceMs: 20,
      fetchResults: async (q) => {
        calls.push(q);
        return response(q);
      },
    });
    search.search("i");
    search.search("in");
    search.search("ins");
    await tick(40);
    expect(calls).toEqual(["ins"]);
    expect(search.state.status).toBe("success");
  });

  test("reads a debounce function at each keystroke and falls back to the default when it gives nothing usable", async () => {
    const calls: string[] = [];
    let debounce: number | undefined = 60;
    const search = new SearchController(fakeHost(), {
      debounceMs: () => debounce,
      fetchResults: async (q) => {
        calls.push(q);
        return response(q);
      },
    });
    search.search("slow");
    await tick(DEFAULT_DEBOUNCE_MS + 15);
    expect(calls).toEqual([]); // still inside the 60 ms pause
    await tick(60);
    expect(calls).toEqual(["slow"]);
    for (const value of [undefined, Number.NaN, -5]) {
      debounce = value;
      search.search(`q${value}`);
      await tick(DEFAULT_DEBOUNCE_MS + 20);
      expect(calls.at(-1)).toBe(`q${value}`);
    }
  });

  test("aborts the previous request and drops its late answer", async () => {
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

  test("answers a repeated query from the cache without a request", async () => {
    let calls = 0;
    const search = new SearchController(fakeHost(), {
      debounceMs: 0,
      fetchResults: async (q) => {
        calls++;
        return response(q);
      },
    });
    search.search("a", { immediate: true });
    await tick(5);
    search.search("b", { immediate: true });
    await tick(5);
    search.search("a");
    expect(search.state.response?.query).toBe("a");
    expect(calls).toBe(2);
  });

  test("turns a failed request into an error state and callback", async () => {
    const errors: string[] = [];
    const search = new SearchController(fakeHost(), {
      debounceMs: 0,
      fetchResults: async () => Promise.reject({ message: "Too many", code: "RATE_LIMITED", status: 429, retryAfter: 3 }),
      onError: (error) => errors.push(error.code),
    });
    search.search("x", { immediate: true });
    await tick(5);
    expect(search.state.status).toBe("error");
    expect(errors).toEqual(["RATE_LIMITED"]);
  });

  test("resets to idle for an empty query", () => {
    const search = new SearchController(fakeHost(), { fetchResults: async (q) => response(q) });
    search.search("   ");
    expect(search.state).toEqual({ status: "idle", query: "" });
  });
});

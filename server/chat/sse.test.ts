import { describe, expect, test } from "bun:test";
import { formatEvent, openEventStream, wantsEventStream } from "./sse.ts";
import { AppError } from "../errors/app-error.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the promise to reject");
}

describe("openEventStream", () => {
  test("streams the events in order with the event-stream headers and the extra headers", async () => {
    const response = await openEventStream({ headers: { "access-control-allow-origin": "https://a.example" } }, async (send) => {
      send("sources", { n: 1 });
      await sleep(5);
      send("answer-end", { done: true });
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    expect(response.headers.get("cache-control")).toContain("no-cache");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    expect(response.headers.get("access-control-allow-origin")).toBe("https://a.example");
    expect(await response.text()).toBe(formatEvent("sources", { n: 1 }) + formatEvent("answer-end", { done: true }));
  });

  test("an error before the first event rejects, so the caller can answer with its status", async () => {
    const boom = new AppError(503, "UPSTREAM_UNAVAILABLE", "busy");
    expect(await failure(openEventStream({}, async () => Promise.reject(boom)))).toBe(boom);
  });

  test("an error after the first event becomes an error event with its message and code", async () => {
    const response = await openEventStream({}, async (send) => {
      send("sources", {});
      throw new AppError(503, "UPSTREAM_UNAVAILABLE", "The answer model is overloaded.");
    });
    expect(await response.text()).toEndWith(formatEvent("error", { error: "The answer model is overloaded.", code: "UPSTREAM_UNAVAILABLE" }));
  });

  test("an unexpected error is reported to the log and shown as an internal error", async () => {
    const logged: unknown[] = [];
    const response = await openEventStream({ onUnexpectedError: (e) => logged.push(e) }, async (send) => {
      send("sources", {});
      throw new Error("secret detail");
    });
    const text = await response.text();
    expect(text).not.toContain("secret detail");
    expect(text).toContain('"code":"INTERNAL"');
    expect(logged).toHaveLength(1);
  });

  test("cancelling the body aborts the work's signal", async () => {
    let aborted: AbortSignal | undefined;
    const response = await openEventStream({}, async (send, signal) => {
      aborted = signal;
      send("sources", {});
      await new Promise((resolve) => signal.addEventListener("abort", resolve));
    });
    await response.body!.cancel();
    expect(aborted!.aborted).toBe(true);
  });
});

describe("wantsEventStream", () => {
  test("is true only when the Accept header names text/event-stream", () => {
    expect(wantsEventStream("text/event-stream")).toBe(true);
    expect(wantsEventStream("application/json, text/event-stream;q=0.9")).toBe(true);
    expect(wantsEventStream("application/json")).toBe(false);
    expect(wantsEventStream("*/*")).toBe(false);
    expect(wantsEventStream(null)).toBe(false);
  });
});

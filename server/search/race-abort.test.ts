import { afterEach, describe, expect, test } from "bun:test";
import { raceAbort } from "./race-abort.ts";

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
afterEach(() => {
  process.off("unhandledRejection", onUnhandled);
  unhandled.length = 0;
});

describe("raceAbort", () => {
  test("settles with the work when it finishes first", async () => {
    expect(await raceAbort(Promise.resolve(7), new AbortController().signal)).toBe(7);
  });

  test("rejects with the signal's reason when the signal aborts first", async () => {
    const controller = new AbortController();
    const pending = raceAbort(new Promise(() => {}), controller.signal);
    controller.abort(new Error("gone"));
    await expect(pending).rejects.toThrow("gone");
  });

  test("with a signal already aborted, the work's own rejection is not left unhandled", async () => {
    process.on("unhandledRejection", onUnhandled);
    const controller = new AbortController();
    controller.abort(new Error("the visitor left"));
    // The work sees the same aborted signal and rejects too, as an embedder does.
    const work = (async () => {
      controller.signal.throwIfAborted();
      return 1;
    })();
    await expect(raceAbort(work, controller.signal)).rejects.toThrow("the visitor left");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(unhandled).toEqual([]);
  });
});

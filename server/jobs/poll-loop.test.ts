import { describe, expect, test } from "bun:test";
import { PollLoop } from "./poll-loop.ts";
import type { Logger } from "../logger.ts";

function recordingLog(): Logger & { errors: string[] } {
  const errors: string[] = [];
  const none = () => {};
  return { debug: none, info: none, warn: none, error: (msg) => void errors.push(msg), errors };
}

describe("poll loop", () => {
  test("steps again at once while the step says more is waiting, then sleeps until the poll", async () => {
    let steps = 0;
    const loop = new PollLoop(async () => ++steps < 3, { name: "test", pollMs: 60_000, log: recordingLog() });
    loop.start();
    await Bun.sleep(100);
    expect(steps).toBe(3);
    await loop.stop();
  });

  test("a wake during a step runs the next step at once instead of sleeping", async () => {
    let steps = 0;
    let release: () => void = () => {};
    const loop = new PollLoop(
      async () => {
        steps++;
        if (steps === 1) await new Promise<void>((resolve) => (release = resolve));
        return false;
      },
      { name: "test", pollMs: 60_000, log: recordingLog() },
    );
    loop.start();
    await Bun.sleep(20);
    loop.wake();
    release();
    await Bun.sleep(50);
    expect(steps).toBe(2);
    loop.wake();
    await Bun.sleep(50);
    expect(steps).toBe(3);
    await loop.stop();
  });

  test("a step that throws is logged and the loop carries on at the next poll", async () => {
    let steps = 0;
    const log = recordingLog();
    const loop = new PollLoop(
      async () => {
        if (++steps === 1) throw new Error("database away");
        return false;
      },
      { name: "test drain", pollMs: 30, log },
    );
    loop.start();
    await Bun.sleep(150);
    await loop.stop();
    expect(log.errors[0]).toBe("test drain failed");
    expect(steps).toBeGreaterThan(1);
  });

  test("stop waits for the step in progress and no step starts after it", async () => {
    let finished = false;
    let steps = 0;
    const loop = new PollLoop(
      async () => {
        steps++;
        await Bun.sleep(100);
        finished = true;
        return true;
      },
      { name: "test", pollMs: 10, log: recordingLog() },
    );
    loop.start();
    await Bun.sleep(20);
    await loop.stop();
    expect(finished).toBe(true);
    expect(steps).toBe(1);
  });
});

import { expect, test } from "bun:test";
import { Housekeeping } from "./housekeeping.ts";
import { createLogger } from "./logger.ts";

const log = createLogger("silent");

test("runs every task at start and again each interval until stopped", async () => {
  const runs: string[] = [];
  const keeping = new Housekeeping(
    [
      { name: "a", run: async () => (runs.push("a"), 1) },
      { name: "b", run: async () => (runs.push("b"), { x: 0 }) },
    ],
    log,
    20,
  );
  keeping.start();
  await Bun.sleep(70);
  await keeping.stop();
  const afterStop = runs.length;
  expect(afterStop).toBeGreaterThanOrEqual(4);
  expect(runs.slice(0, 2)).toEqual(["a", "b"]);
  await Bun.sleep(50);
  expect(runs.length).toBe(afterStop);
});

test("a failing task does not stop the others or later passes", async () => {
  let b = 0;
  let failures = 0;
  const keeping = new Housekeeping(
    [
      {
        name: "broken",
        run: async () => {
          failures++;
          throw new Error("database away");
        },
      },
      { name: "b", run: async () => ++b },
    ],
    log,
    10,
  );
  keeping.start();
  await Bun.sleep(45);
  await keeping.stop();
  expect(failures).toBeGreaterThanOrEqual(2);
  expect(b).toBe(failures);
});

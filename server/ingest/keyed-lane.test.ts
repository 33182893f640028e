import { describe, expect, test } from "bun:test";
import { KeyedLane } from "./keyed-lane.ts";

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("keyed lane", () => {
  test("tasks of one key run one at a time, in arrival order", async () => {
    const lane = new KeyedLane();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const task = (name: string) => async () => {
      running++;
      most = Math.max(most, running);
      log.push(`start ${name}`);
      await tick(5);
      log.push(`end ${name}`);
      running--;
      return name;
    };
    const results = await Promise.all(["a", "b", "c"].map((n) => lane.run("org_a", task(n))));
    expect(results).toEqual(["a", "b", "c"]);
    expect(most).toBe(1);
    expect(log).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
  });

  test("different keys do not wait for each other", async () => {
    const lane = new KeyedLane();
    let release!: () => void;
    const blocked = lane.run("org_a", () => new Promise<void>((r) => (release = r)));
    const other = await Promise.race([lane.run("org_b", async () => "b ran"), tick(200).then(() => "b waited")]);
    expect(other).toBe("b ran");
    release();
    await blocked;
  });

  test("a failed task reaches its caller only, and the next task of the key still runs", async () => {
    const lane = new KeyedLane();
    const failed = lane.run("org_a", async () => {
      throw new Error("no");
    });
    const next = lane.run("org_a", async () => "next");
    await expect(failed).rejects.toThrow("no");
    expect(await next).toBe("next");
  });

  test("an idle key is forgotten", async () => {
    const lane = new KeyedLane();
    await lane.run("org_a", async () => 1);
    await tick(0);
    expect(lane.busyKeys).toBe(0);
  });
});

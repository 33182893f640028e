import { describe, expect, test } from "bun:test";
import { HashQueue } from "./hash-queue.ts";

/** A job that runs until released, recording when it started. */
function gated(order: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  const work = () => {
    order.push(name);
    return done;
  };
  return { work, release };
}

describe("hash queue", () => {
  test("a waiting sign-in check runs before hashes queued earlier for other work", async () => {
    const queue = new HashQueue(1, 10);
    const order: string[] = [];
    const first = gated(order, "setup-1");
    const running = queue.run("other", first.work);
    const others = [2, 3, 4].map((n) => queue.run("other", async () => void order.push(`setup-${n}`)));
    const signIn = queue.run("sign-in", async () => void order.push("login"));
    await Bun.sleep(5);
    expect(order).toEqual(["setup-1"]);
    first.release();
    await Promise.all([running, signIn, ...others]);
    expect(order).toEqual(["setup-1", "login", "setup-2", "setup-3", "setup-4"]);
  });

  test("refuses other work as rate limited once its queue is full, but never a sign-in check", async () => {
    const queue = new HashQueue(1, 2);
    const first = gated([], "a");
    const running = queue.run("other", first.work);
    const waiting = [queue.run("other", async () => 1), queue.run("other", async () => 2)];
    const refused = await queue.run("other", async () => 3).catch((error: { code?: string }) => error.code);
    expect(refused).toBe("RATE_LIMITED");
    const signIn = queue.run("sign-in", async () => "ok");
    first.release();
    expect(await signIn).toBe("ok");
    expect(await Promise.all(waiting)).toEqual([1, 2]);
    await running;
  });

  test("a failing job frees its turn", async () => {
    const queue = new HashQueue(1, 2);
    await expect(queue.run("sign-in", async () => Promise.reject(new Error("bad hash")))).rejects.toThrow("bad hash");
    expect(await queue.run("other", async () => "next")).toBe("next");
  });
});

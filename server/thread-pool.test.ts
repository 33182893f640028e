import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ThreadPool, type PoolTask } from "./thread-pool.ts";

const dir = mkdtempSync(join(tmpdir(), "thread-pool-"));
const workerUrl = join(dir, "double.ts");
// Doubles n, throws (a crash) on `crash`, and never answers on `hang`.
writeFileSync(
  workerUrl,
  `self.onmessage = (e) => {
    if (e.data.crash) throw new Error("boom");
    if (e.data.hang) return;
    postMessage({ id: e.data.id, value: e.data.n * 2, thread: e.data.thread });
  };`,
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Task extends PoolTask {
  n: number;
  crash?: boolean;
  hang?: boolean;
  resolve(value: number): void;
}

function pool(workers: number) {
  const line: Task[] = [];
  const threads = new ThreadPool<Task, { id: number; value: number }>({
    workers,
    workerUrl,
    idleMs: 60_000,
    waiting: () => line.length > 0,
    take: () => line.shift()!,
    message: (task) => ({ id: task.id, n: task.n, crash: task.crash, hang: task.hang }),
    settle: (task, reply) => task.resolve(reply.value),
    crashed: (_task, message) => new Error(message === null ? "overtime" : `crashed: ${message}`),
  });
  let id = 1;
  const run = (n: number, extra: Partial<Task> = {}) =>
    new Promise<number>((resolve, reject) => {
      line.push({ id: id++, n, resolve, fail: reject, ...extra });
      threads.pump();
    });
  return { run, threads };
}

describe("thread pool", () => {
  test("runs every waiting task on its workers and answers each", async () => {
    const { run, threads } = pool(2);
    expect(await Promise.all([1, 2, 3, 4, 5].map((n) => run(n)))).toEqual([2, 4, 6, 8, 10]);
    threads.close(new Error("closed"));
  });

  test("a crashed worker fails its task only, and the next task runs on a new worker", async () => {
    const { run, threads } = pool(1);
    const crashed = run(1, { crash: true });
    const next = run(21);
    await expect(crashed).rejects.toThrow("crashed");
    expect(await next).toBe(42);
    threads.close(new Error("closed"));
  });

  test("a task past its deadline fails, its worker is stopped, and the pool goes on", async () => {
    const { run, threads } = pool(1);
    const hung = run(1, { hang: true, deadlineMs: 200 });
    const next = run(5);
    await expect(hung).rejects.toThrow("overtime");
    expect(await next).toBe(10);
    threads.close(new Error("closed"));
  });

  test("close fails the tasks in flight", async () => {
    const { run, threads } = pool(1);
    const hung = run(1, { hang: true });
    await Bun.sleep(100);
    threads.close(new Error("closed"));
    await expect(hung).rejects.toThrow("closed");
  });
});

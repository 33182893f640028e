// Worker threads (web-standard Worker, on Bun and Deno) that take one task at a time from their owner's waiting line:
// started on demand up to a count, stopped after a while idle, replaced when one crashes or overruns a task's time.
// The owner keeps the line (first come first served, or tenants in turns) and says how a task goes out and comes back.

/** A task as the pool sees it: an id its reply carries back, and how to end it. */
export interface PoolTask {
  id: number;
  /** Set when its caller gave up: its reply is dropped. */
  abandoned?: boolean;
  /** Stops the worker and fails the task after this long (work that cannot be interrupted otherwise). */
  deadlineMs?: number;
  fail(error: Error): void;
}

export interface ThreadPoolOptions<T extends PoolTask, Reply extends { id: number }> {
  workers: number;
  workerUrl: string;
  /** A worker with nothing to do exits after this long; Infinity keeps it where the runtime lets it stop holding the process open. */
  idleMs: number;
  /** Whether the owner's line holds a task (dropping tasks whose callers gave up). */
  waiting(): boolean;
  /** The next task of the owner's line; called only when waiting() said so. */
  take(): T;
  /** The message that hands the task to a worker. */
  message(task: T): unknown;
  /** The worker answered the task. */
  settle(task: T, reply: Reply): void;
  /** The error a task fails with when its worker crashed (`message`) or overran its deadline (`message` null). */
  crashed(task: T, message: string | null): Error;
}

interface Slot<T> {
  worker: Worker;
  task: T | null;
  idleTimer: ReturnType<typeof setTimeout> | null;
  deadline: ReturnType<typeof setTimeout> | null;
}

/** Bun's workers can stop holding the process open; Deno's cannot (they exit on the idle timer instead). */
type Refable = { ref?(): void; unref?(): void };

export class ThreadPool<T extends PoolTask, Reply extends { id: number }> {
  private readonly slots: Slot<T>[] = [];

  constructor(private readonly options: ThreadPoolOptions<T, Reply>) {}

  /** Hands waiting tasks to free workers, starting workers up to the count. */
  pump(): void {
    while (this.options.waiting()) {
      const slot = this.slots.find((s) => s.task === null) ?? this.spawn();
      if (!slot) return;
      this.assign(slot, this.options.take());
    }
  }

  /** Stops every worker, failing the tasks they run with `error`. */
  close(error: Error): void {
    for (const slot of this.slots.splice(0)) {
      slot.task?.fail(error);
      this.stop(slot);
    }
  }

  private assign(slot: Slot<T>, task: T): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    slot.task = task;
    (slot.worker as Refable).ref?.();
    slot.worker.postMessage(this.options.message(task));
    if (task.deadlineMs !== undefined) slot.deadline = setTimeout(() => this.overtime(slot, task), task.deadlineMs);
  }

  private overtime(slot: Slot<T>, task: T): void {
    if (slot.task !== task) return;
    task.fail(this.options.crashed(task, null));
    slot.task = null;
    this.remove(slot);
    this.pump();
  }

  private spawn(): Slot<T> | null {
    if (this.slots.length >= this.options.workers) return null;
    const worker = new Worker(this.options.workerUrl, { type: "module" });
    const slot: Slot<T> = { worker, task: null, idleTimer: null, deadline: null };
    worker.onmessage = (event: MessageEvent<Reply>) => this.reply(slot, event.data);
    worker.onerror = (event: ErrorEvent) => {
      // A crashed worker (out of memory, a hard WASM abort) fails its task only and is replaced on the next one.
      event.preventDefault?.();
      if (slot.task) slot.task.fail(this.options.crashed(slot.task, event.message));
      slot.task = null;
      this.remove(slot);
      this.pump();
    };
    this.slots.push(slot);
    return slot;
  }

  private reply(slot: Slot<T>, reply: Reply): void {
    const task = slot.task;
    if (!task || task.id !== reply.id) return;
    slot.task = null;
    if (slot.deadline) clearTimeout(slot.deadline);
    slot.deadline = null;
    if (!task.abandoned) this.options.settle(task, reply);
    this.pump();
    if (slot.task === null) this.idle(slot);
  }

  private idle(slot: Slot<T>): void {
    const refable = slot.worker as Refable;
    refable.unref?.();
    if (this.options.idleMs === Number.POSITIVE_INFINITY && refable.unref) return;
    slot.idleTimer = setTimeout(() => this.remove(slot), Number.isFinite(this.options.idleMs) ? this.options.idleMs : 60_000);
    (slot.idleTimer as Refable).unref?.();
  }

  private remove(slot: Slot<T>): void {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    this.stop(slot);
  }

  private stop(slot: Slot<T>): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    if (slot.deadline) clearTimeout(slot.deadline);
    slot.worker.terminate();
  }
}

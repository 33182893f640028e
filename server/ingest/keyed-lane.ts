// One task at a time per key, in arrival order: an organisation's page writes take turns with each other, so a bulk
// import running several requests side by side holds one database writer, not one per request, and other
// organisations' searches keep the rest of the machine.

export class KeyedLane {
  private readonly tails = new Map<string, Promise<unknown>>();

  /** Runs `task` after every task queued before it under `key`; its result or error is the caller's alone. */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const result = before.then(task, task);
    const tail = result.then(
      () => {},
      () => {},
    );
    this.tails.set(key, tail);
    // The last task of a key removes its entry, so idle keys cost nothing.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with a task running or waiting (for tests). */
  get busyKeys(): number {
    return this.tails.size;
  }
}

// Periodic clean-up every background process runs: raw analytics events past their retention, expired chat sessions
// and the job queue's dead letters past theirs. Each task is an idempotent delete, so several processes running it
// against one database is harmless.
import type { Logger } from "./logger.ts";

export interface HousekeepingTask {
  name: string;
  /** Returns what it removed, for the log line. */
  run(): Promise<Record<string, number> | number>;
}

/** Hourly: retention is counted in days, so this keeps at most an hour's extra raw events and costs nothing. */
export const HOUSEKEEPING_INTERVAL_MS = 3_600_000;

export class Housekeeping {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly tasks: readonly HousekeepingTask[],
    private readonly log: Logger,
    private readonly intervalMs = HOUSEKEEPING_INTERVAL_MS,
  ) {}

  /** Runs every task now, then every interval, until stop(). */
  start(): void {
    if (this.timer || this.running || this.stopped) return;
    this.tick();
  }

  /** One pass over the tasks; a failing task is logged and the others still run. */
  async runOnce(): Promise<void> {
    for (const task of this.tasks) {
      try {
        const removed = await task.run();
        const total = typeof removed === "number" ? removed : Object.values(removed).reduce((n, x) => n + x, 0);
        if (total > 0) this.log.info(`housekeeping: ${task.name}`, { removed });
      } catch (error) {
        this.log.warn(`housekeeping: ${task.name} failed; will retry`, { error });
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private tick(): void {
    this.running = this.runOnce().finally(() => {
      this.running = null;
      if (this.stopped) return;
      this.timer = setTimeout(() => this.tick(), this.intervalMs);
      // A pending clean-up never keeps the process alive on its own.
      (this.timer as { unref?(): void }).unref?.();
    });
  }
}

// The one loop every kind of background work runs in: a step, again at once while the step says more is waiting or
// someone woke the loop during it, otherwise a sleep until the next poll or the next wake(). stop() lets the step
// that is running finish, so whatever it holds is settled before the caller moves on.
import type { Logger } from "../logger.ts";

export interface PollLoopOptions {
  /** Named in the log when a step throws. */
  name: string;
  /** How long the loop sleeps when nothing wakes it (work queued by other processes, retries coming due). */
  pollMs: number;
  log: Logger;
}

/** A step answers whether more is waiting now (run again at once) or not (sleep). */
export type Step = () => Promise<boolean>;

export class PollLoop {
  private loop: Promise<void> | null = null;
  private stopping = false;
  private woken = false;
  private wakeUp: (() => void) | null = null;

  constructor(
    private readonly step: Step,
    private readonly options: PollLoopOptions,
  ) {}

  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.loop = this.run();
  }

  /** Something is waiting now: step at once rather than at the next poll (or right after the step running now). */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeUp?.();
    await this.loop;
    this.loop = null;
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      this.woken = false;
      let more = false;
      try {
        more = await this.step();
      } catch (error) {
        this.options.log.error(`${this.options.name} failed`, { error });
      }
      if (this.stopping) break;
      if (!more && !this.woken) await this.sleep();
    }
  }

  private async sleep(): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.options.pollMs);
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.wakeUp = null;
  }
}

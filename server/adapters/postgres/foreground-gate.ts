// Lets a visitor's statements go before bulk writes on embedded PGlite. There every statement runs one at a time on one
// connection, so a bulk write (a page of 1,000 sections, a batch of vectors) that starts between two statements of a
// search makes the search wait for it, once per statement: a search of six statements waited behind six page writes.
// A bulk write therefore starts only once no other statement is running and none has started for a short quiet spell
// (a search's statements follow each other closely), or after a cap, so a steady stream of searches slows an import
// but never stops it. PostgreSQL runs statements side by side on several connections and needs no gate.
import { AsyncLocalStorage } from "node:async_hooks";

export interface ForegroundGateOptions {
  /** How long other statements must have been quiet before a bulk write starts. */
  quietMs: number;
  /** The longest a bulk write waits for quiet before it starts anyway. */
  maxWaitMs: number;
}

const DEFAULTS: ForegroundGateOptions = { quietMs: 10, maxWaitMs: 500 };

export class ForegroundGate {
  private readonly options: ForegroundGateOptions;
  private readonly bulkContext = new AsyncLocalStorage<true>();
  private running = 0;
  // Never, rather than 0: performance.now() counts from the start of the process, so 0 would read as "just now".
  private lastActivity = Number.NEGATIVE_INFINITY;

  constructor(options: Partial<ForegroundGateOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** Runs a bulk write once the foreground has been quiet (or the cap has passed); its own statements do not count. */
  async bulk<T>(write: () => Promise<T>): Promise<T> {
    const deadline = performance.now() + this.options.maxWaitMs;
    for (;;) {
      const now = performance.now();
      const quietFor = now - this.lastActivity;
      if (now >= deadline || (this.running === 0 && quietFor >= this.options.quietMs)) break;
      const wait = this.running > 0 ? this.options.quietMs : this.options.quietMs - quietFor;
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, Math.min(wait, deadline - now))));
    }
    return this.bulkContext.run(true, write);
  }

  /** Wraps one statement (or transaction) of the database client: foreground unless it runs inside bulk(). */
  async track<T>(statement: () => Promise<T>): Promise<T> {
    if (this.bulkContext.getStore()) return statement();
    this.running++;
    this.lastActivity = performance.now();
    try {
      return await statement();
    } finally {
      this.running--;
      this.lastActivity = performance.now();
    }
  }
}

// Lets a visitor's statements go before bulk writes on embedded PGlite. There every statement runs one at a time on one
// connection, so a bulk write (a page of 1,000 sections, a batch of vectors) that starts between two statements of a
// search makes the search wait for it, once per statement: a search of six statements waited behind six page writes.
// A bulk write therefore starts only once no other statement is running and none has started for a short quiet spell
// (a search's statements follow each other closely), or after a cap, so a steady stream of searches slows an import
// but never stops it. PostgreSQL runs statements side by side on several connections and needs no gate.
import { AsyncLocalStorage } from "node:async_hooks";
import { currentSiteScope } from "./site-scope.ts";

export interface ForegroundGateOptions {
  /** How long other statements must have been quiet before a bulk write starts. */
  quietMs: number;
  /** The longest a bulk write waits for quiet before it starts anyway. */
  maxWaitMs: number;
  /** The longest one statement of a bulk write waits for reads of other sites to finish (see betweenStatements). */
  statementWaitMs: number;
  /** How long reads of other sites must have been quiet before a bulk write's next statement. */
  statementQuietMs: number;
}

const DEFAULTS: ForegroundGateOptions = { quietMs: 10, maxWaitMs: 500, statementWaitMs: 50, statementQuietMs: 10 };

/** A read that said its sites (site-scope.ts): one that may run between a bulk write's statements. */
interface ScopedRead {
  sites: readonly string[];
  /** When it ended; running while null. */
  endedAt: number | null;
}

export class ForegroundGate {
  private readonly options: ForegroundGateOptions;
  private readonly bulkContext = new AsyncLocalStorage<true>();
  private running = 0;
  // Never, rather than 0: performance.now() counts from the start of the process, so 0 would read as "just now".
  private lastActivity = Number.NEGATIVE_INFINITY;
  /** Scoped reads running, and those ended within the quiet spell. */
  private reads: ScopedRead[] = [];

  constructor(options: Partial<ForegroundGateOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** Runs a bulk write once the foreground has been quiet (or the cap has passed); its own statements do not count. */
  async bulk<T>(write: () => Promise<T>): Promise<T> {
    const state = () => ({ running: this.running > 0, quietFor: performance.now() - this.lastActivity });
    await this.quiet(state, this.options.quietMs, this.options.maxWaitMs);
    return this.bulkContext.run(true, write);
  }

  /**
   * Before each statement of a bulk write's transaction that changes only `writes`: waits (up to statementWaitMs) while
   * reads of other sites run or have just run. Those run between the write's statements on embedded PGlite, so a
   * search of several statements goes through without waiting behind one of the write's statements at each step.
   * Reads of the written sites wait for its commit and are not waited for.
   */
  async betweenStatements<T>(writes: readonly string[], statement: () => Promise<T>): Promise<T> {
    const others = (read: ScopedRead) => !read.sites.some((site) => writes.includes(site));
    const state = () => {
      const now = performance.now();
      this.forgetOldReads(now);
      const relevant = this.reads.filter(others);
      const lastEnded = Math.max(Number.NEGATIVE_INFINITY, ...relevant.map((r) => r.endedAt ?? now));
      return { running: relevant.some((r) => r.endedAt === null), quietFor: now - lastEnded };
    };
    await this.quiet(state, this.options.statementQuietMs, this.options.statementWaitMs);
    return statement();
  }

  /** Whether the caller runs inside bulk(). */
  inBulk(): boolean {
    return this.bulkContext.getStore() === true;
  }

  /** Wraps one statement (or transaction) of the database client: foreground unless it runs inside bulk(). */
  async track<T>(statement: () => Promise<T>): Promise<T> {
    if (this.inBulk()) return statement();
    const sites = currentSiteScope()?.reads;
    const read: ScopedRead | null = sites ? { sites, endedAt: null } : null;
    if (read) this.reads.push(read);
    this.running++;
    this.lastActivity = performance.now();
    try {
      return await statement();
    } finally {
      this.running--;
      this.lastActivity = performance.now();
      if (read) {
        read.endedAt = this.lastActivity;
        this.forgetOldReads(this.lastActivity);
      }
    }
  }

  private forgetOldReads(now: number): void {
    // Runs after every scoped statement: most of the time there is nothing to forget, and no new array is needed.
    if (!this.reads.some((r) => r.endedAt !== null && now - r.endedAt >= this.options.statementQuietMs)) return;
    this.reads = this.reads.filter((r) => r.endedAt === null || now - r.endedAt < this.options.statementQuietMs);
  }

  /** Waits until `state` says nothing runs and it has been quiet for `quietMs`, or `maxWaitMs` has passed. */
  private async quiet(state: () => { running: boolean; quietFor: number }, quietMs: number, maxWaitMs: number): Promise<void> {
    const deadline = performance.now() + maxWaitMs;
    for (;;) {
      const now = performance.now();
      const { running, quietFor } = state();
      if (now >= deadline || (!running && quietFor >= quietMs)) return;
      const wait = running ? quietMs : quietMs - quietFor;
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, Math.min(wait, deadline - now))));
    }
  }
}

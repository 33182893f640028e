// Starting and stopping the work beside the API, in the order that lets each part finish what it holds.
import { Housekeeping } from "../housekeeping.ts";
import type { Logger } from "../logger.ts";

interface Startable {
  start(): void;
}

export interface BackgroundParts {
  log: Logger;
  crawlWorker: Startable & { stop(): Promise<void> };
  embeddingQueue: (Startable & { stop(): Promise<void> }) | null;
  /** Started here; stopped among the closers, after the recorders have flushed what they hold. */
  outboxDrain: Startable | null;
  connectors: Startable & { stop(): Promise<void> };
  /** Daily jobs (retention, expired sessions) run by the hourly housekeeping. */
  chores: Array<{ name: string; run(): Promise<Record<string, number> | number> }>;
  /** Called in this order once the workers have stopped (pools, the embedder, recorders, clients, the database). */
  closers: Array<() => unknown>;
}

export function backgroundWork(parts: BackgroundParts): { start(): void; close(): Promise<void> } {
  const housekeeping = new Housekeeping(parts.chores, parts.log);
  let started = false;
  return {
    start: () => {
      if (started) return;
      started = true;
      parts.crawlWorker.start();
      parts.embeddingQueue?.start();
      parts.outboxDrain?.start();
      housekeeping.start();
      parts.connectors.start();
    },
    close: async () => {
      await housekeeping.stop();
      await parts.connectors.stop();
      await parts.crawlWorker.stop();
      await parts.embeddingQueue?.stop();
      for (const close of parts.closers) await close();
    },
  };
}

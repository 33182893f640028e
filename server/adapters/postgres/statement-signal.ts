// The abort signal of the visitor whose statement is being sent, for the embedded database's thread client: drizzle's
// execute takes no signal, so rows() names it here and pglite-thread-client.ts reads it when it sends the statement.
// A statement still waiting on PGlite's thread is then taken out of the queue when the visitor goes away.
import { AsyncLocalStorage } from "node:async_hooks";

const current = new AsyncLocalStorage<AbortSignal>();

/** Runs `send` (one statement, or a transaction's) with `signal` as the statements' abort signal. */
export function withStatementSignal<T>(signal: AbortSignal, send: () => Promise<T>): Promise<T> {
  return current.run(signal, send);
}

export function currentStatementSignal(): AbortSignal | undefined {
  return current.getStore();
}

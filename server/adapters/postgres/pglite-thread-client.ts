// Embedded PGlite on a worker thread of its own, seen from the API thread as the two methods drizzle's PGlite driver
// calls: query(sql, params, options) and transaction(callback). PGlite runs a statement synchronously on the thread
// that calls it (70-240 ms for a large page's write), so on the API thread it held every other request, and the query
// embedding's reply, until it was done. PGlite still runs one statement at a time; the API thread is now free meanwhile.
import type { PgliteThreadReply, PgliteThreadRequest, ThreadQueryOptions, ThreadSiteScope } from "./pglite-thread-protocol.ts";
import { CANCEL_SLOTS, CANCELLED, cancelSlot, databaseError } from "./pglite-thread-protocol.ts";
import { currentSiteScope } from "./site-scope.ts";
import { currentStatementSignal } from "./statement-signal.ts";

type Distribute<T> = T extends unknown ? Omit<T, "id"> : never;
type Request = Distribute<PgliteThreadRequest>;
type Refable = { ref?(): void; unref?(): void };

/** The options drizzle passes: a row shape and parsers that keep some types as text (the only parsers it uses). */
export interface DrizzleQueryOptions {
  rowMode?: "array" | "object";
  parsers?: Record<number, (value: string) => unknown>;
}

export interface QueryResults {
  rows: unknown[];
  affectedRows?: number;
  fields: Array<{ name: string; dataTypeID: number }>;
}

export interface PgliteQueryable {
  query(sql: string, params?: unknown[], options?: DrizzleQueryOptions): Promise<QueryResults>;
}

export interface PgliteThreadClient extends PgliteQueryable {
  transaction<T>(callback: (tx: PgliteQueryable) => Promise<T>): Promise<T>;
  /** The database as a tar of its data folder, for openPgliteThread's `image`. */
  dump(): Promise<Blob>;
  close(): Promise<void>;
}

const workerUrl = new URL("./pglite-thread.ts", import.meta.url);

/**
 * Starts the thread and opens the data folder there ("memory://" for a database in memory, which starts from `image`
 * when given: a dump() of another, so it needs neither initdb nor the migrations that one had).
 */
export async function openPgliteThread(dataDir: string, image?: Blob): Promise<PgliteThreadClient> {
  const thread = new PgliteThread(new Worker(workerUrl, { type: "module" }));
  try {
    await thread.call({ op: "open", dataDir, cancelled: thread.cancelled, ...(image ? { image } : {}) });
  } catch (error) {
    thread.terminate();
    throw error;
  }
  const queryIn =
    (transaction: number | null) =>
    (sql: string, params: unknown[] = [], options: DrizzleQueryOptions = {}) =>
      thread.call(
        { op: "query", sql, params, options: threadOptions(options), transaction, scope: threadScope() },
        currentStatementSignal(),
      ) as Promise<QueryResults>;
  let nextTransaction = 1;
  return {
    query: queryIn(null),
    async transaction(callback) {
      // The thread begins it with its first statement; a callback that throws rolls it back.
      const id = nextTransaction++;
      const result = await callback({ query: queryIn(id) }).catch(async (error: unknown) => {
        await thread.call({ op: "end", transaction: id, commit: false }).catch(() => {});
        throw error;
      });
      await thread.call({ op: "end", transaction: id, commit: true });
      return result;
    },
    dump: () => thread.call({ op: "dump" }) as Promise<Blob>,
    async close() {
      try {
        await thread.call({ op: "close" });
      } finally {
        thread.terminate();
      }
    },
  };
}

/** The worker and its requests awaiting a reply. */
export class PgliteThread {
  /** Shared with the thread: a statement's slot holds its id once its caller went away (pglite-thread-protocol.ts). */
  readonly cancelled = new Int32Array(new SharedArrayBuffer(CANCEL_SLOTS * Int32Array.BYTES_PER_ELEMENT));
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private nextId = 1;
  private stopped: Error | null = null;

  constructor(private readonly worker: Worker) {
    // The thread keeps the process alive only while a request waits for it: a script that never closes its database
    // still exits, and one awaiting a statement does not exit under it.
    this.refable.unref?.();
    worker.onmessage = (event: MessageEvent<PgliteThreadReply>) => {
      const reply = event.data;
      const entry = this.settle(reply.id);
      if (!entry) return;
      if ("error" in reply) entry.reject(databaseError(reply.error));
      else entry.resolve(reply.result);
    };
    worker.onerror = (event: ErrorEvent) => {
      // A hard abort inside PGlite's WASM ends the thread: every waiting and later statement fails with this.
      event.preventDefault?.();
      this.stopped = new Error(`The embedded database stopped: ${event.message}`);
      for (const id of [...this.pending.keys()]) this.settle(id)?.reject(this.stopped);
    };
  }

  /**
   * Sends a request and waits for its reply. When `signal` aborts while the statement still waits for its turn on the
   * thread, the thread drops it and the caller hears the signal's reason; one already running runs to its end.
   */
  call(request: Request, signal?: AbortSignal): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    if (signal?.aborted) return Promise.reject(signal.reason);
    const id = this.nextId++;
    if (this.pending.size === 0) this.refable.ref?.();
    return new Promise((resolve, reject) => {
      const cancel = () => Atomics.store(this.cancelled, cancelSlot(id), id);
      signal?.addEventListener("abort", cancel, { once: true });
      const done = () => signal?.removeEventListener("abort", cancel);
      this.pending.set(id, {
        resolve: (value) => {
          done();
          resolve(value);
        },
        reject: (error) => {
          done();
          reject(signal?.aborted && error.name === CANCELLED.name ? signal.reason : error);
        },
      });
      this.worker.postMessage({ ...request, id } as PgliteThreadRequest);
    });
  }

  terminate(): void {
    this.worker.terminate();
  }

  private get refable(): Refable {
    return this.worker as unknown as Refable;
  }

  private settle(id: number) {
    const entry = this.pending.get(id);
    this.pending.delete(id);
    if (this.pending.size === 0) this.refable.unref?.();
    return entry;
  }
}

function threadOptions(options: DrizzleQueryOptions): ThreadQueryOptions {
  return { rowMode: options.rowMode ?? "object", textTypes: Object.keys(options.parsers ?? {}).map(Number) };
}

/** The sites the statement's caller said it reads or writes (site-scope.ts), as the thread reads them. */
function threadScope(): ThreadSiteScope | null {
  const scope = currentSiteScope();
  if (!scope) return null;
  return { ...(scope.reads ? { reads: [...scope.reads] } : {}), ...(scope.writes ? { writes: [...scope.writes] } : {}) };
}

// The messages between the API thread (pglite-thread-client.ts) and the PGlite thread (pglite-thread.ts).

/** What of PGlite's query options crosses threads: the row shape, and the types kept as PostgreSQL's text. */
export interface ThreadQueryOptions {
  rowMode: "array" | "object";
  textTypes: number[];
}

export type PgliteThreadRequest = { id: number } & (
  | {
      op: "open";
      dataDir: string;
      /** Shared with the API thread, which marks there a statement whose caller went away (cancelSlot). */
      cancelled: Int32Array;
      /** A data folder PGlite dumped earlier (dumpDataDir), loaded into a database in memory. */
      image?: Blob;
    }
  /**
   * `transaction`: the API thread's id for it; its first statement begins it. `scope`: the sites it reads or writes,
   * when its caller said (site-scope.ts): a read may then run inside another transaction, between its statements.
   */
  | { op: "query"; sql: string; params: unknown[]; options: ThreadQueryOptions; transaction: number | null; scope: ThreadSiteScope | null }
  | { op: "end"; transaction: number; commit: boolean }
  /** The database in memory as an uncompressed tar of its data folder, to open again with `image`. */
  | { op: "dump" }
  | { op: "close" }
);

export interface ThreadSiteScope {
  reads?: string[];
  writes?: string[];
}

export type PgliteThreadReply = { id: number; result: unknown } | { id: number; error: SerialisedError };

/**
 * Statements are cancelled through memory both threads share, not a message: while PGlite runs a statement it holds its
 * thread, so a message saying "drop the next one" would be read only after the next one had started. The API thread
 * writes statement `id` into its slot; the PGlite thread reads the slot when the statement's turn comes. Slots are
 * reused only after this many later statements, far more than ever wait at once.
 */
export const CANCEL_SLOTS = 4096;
export const cancelSlot = (id: number) => id % CANCEL_SLOTS;

/** How the thread answers a statement cancelled before its turn. */
export const CANCELLED: SerialisedError = { name: "AbortError", message: "The statement was cancelled before it ran.", fields: {} };

export interface SerialisedError {
  name: string;
  message: string;
  /** PostgreSQL's error fields (code, detail, constraint, …): what callers read, such as 23505 for a duplicate. */
  fields: Record<string, string | number>;
}

// The fields of PostgreSQL's error message. PGlite also attaches the statement and its parameters; those stay on
// the PGlite thread, so no page text or SQL can reach a log or a response through an error.
const FIELDS = ["severity", "code", "detail", "hint", "position", "where", "schema", "table", "column", "dataType", "constraint", "routine"];

export function serialiseDatabaseError(error: unknown): SerialisedError {
  if (!(error instanceof Error)) return { name: "Error", message: String(error), fields: {} };
  const source = error as unknown as Record<string, unknown>;
  const fields: Record<string, string | number> = {};
  for (const key of FIELDS) {
    const value = source[key];
    if (typeof value === "string" || typeof value === "number") fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

export function databaseError(serialised: SerialisedError): Error {
  const error = new Error(serialised.message);
  error.name = serialised.name;
  return Object.assign(error, serialised.fields);
}

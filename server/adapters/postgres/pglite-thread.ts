// The worker thread that holds embedded PGlite (pglite-thread-client.ts is its other end). PGlite runs each statement
// synchronously on the thread that calls it; here, that thread is this one, so the API thread keeps answering
// requests, and hears the query embedding's reply, while a statement runs.
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { pg_textsearch } from "@electric-sql/pglite-pg_textsearch";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import type { PgliteThreadReply, PgliteThreadRequest, ThreadQueryOptions, ThreadSiteScope } from "./pglite-thread-protocol.ts";
import { CANCELLED, cancelSlot, serialiseDatabaseError } from "./pglite-thread-protocol.ts";
import { enter, type Guest, hostFor, type HostTransaction, Lane, readAsGuest } from "./pglite-guest-reads.ts";

declare const self: { onmessage: ((event: MessageEvent<PgliteThreadRequest>) => void) | null; postMessage(reply: PgliteThreadReply): void };

let client: PGlite | null = null;
/** Open transactions: each holds PGlite's transaction lock until the API thread says commit or roll back. */
const open = new Map<number, HostTransaction & { end(commit: boolean): void; settled: Promise<void> }>();
/** Every transaction not yet ended, by id, as the promise of its handle (statements sent together share it). */
const starting = new Map<number, Promise<Transaction>>();
/** Read transactions running inside another transaction (pglite-guest-reads.ts); null: it could not, so it runs on its own. */
const guests = new Map<number, Promise<Guest | null>>();

/** Where the API thread marks statements whose callers went away (pglite-thread-protocol.ts, cancelSlot). */
let cancelled: Int32Array | null = null;
/**
 * Statements outside a transaction take turns here rather than in PGlite's own queue (where one waits behind an open
 * transaction), so the cancel mark is read when a statement's turn comes, and one cancelled never reaches PGlite.
 */
const turns = new Lane();

/** Thrown in place of a statement cancelled before its turn; the API thread answers its caller with the signal's reason. */
class Cancelled extends Error {}

/** Runs statement `id` now that it is its turn, unless its caller cancelled it while it waited. */
function start<T>(id: number, run: () => Promise<T>): Promise<T> {
  return cancelled && Atomics.load(cancelled, cancelSlot(id)) === id ? Promise.reject(new Cancelled()) : run();
}

/** Thrown inside PGlite's transaction callback to roll it back; never reaches the API thread. */
const rollback = Symbol("rollback");

const keepText = (value: string) => value;

function queryOptions(options: ThreadQueryOptions) {
  // drizzle's parsers keep dates, times and numeric arrays as PostgreSQL's text: the same, rebuilt here.
  const parsers = Object.fromEntries(options.textTypes.map((oid) => [oid, keepText]));
  return { rowMode: options.rowMode, parsers };
}

async function handle(request: PgliteThreadRequest): Promise<unknown> {
  switch (request.op) {
    case "open": {
      cancelled = request.cancelled;
      const where = request.dataDir === "memory://" ? (request.image ? { loadDataDir: request.image } : {}) : { dataDir: request.dataDir };
      client = new PGlite({ ...where, extensions: { vector, pg_textsearch, pg_trgm, btree_gin } });
      await client.waitReady;
      return null;
    }
    case "query": {
      const options = queryOptions(request.options);
      const run = (tx: Transaction | PGlite) => start(request.id, () => tx.query(request.sql, request.params, options));
      if (request.transaction !== null) return inTransaction(request.transaction, request.scope, run);
      const host = hostFor(open.values(), request.scope?.reads);
      const asGuest = host ? await readAsGuest(host, run) : null;
      return asGuest ? asGuest.result : turns.run(() => run(live()));
    }
    case "end":
      return end(request.transaction, request.commit);
    case "dump":
      return live().dumpDataDir("none");
    case "close": {
      await client?.close();
      client = null;
      return null;
    }
  }
}

function live(): PGlite {
  if (!client) throw new Error("The embedded database is not open.");
  return client;
}

/** A statement of transaction `id`: its own (begun by its first statement), or a read transaction run as a guest. */
async function inTransaction<T>(id: number, scope: ThreadSiteScope | null, run: (tx: Transaction) => Promise<T>): Promise<T> {
  if (!guests.has(id) && !starting.has(id)) {
    const host = hostFor(open.values(), scope?.reads);
    if (host) guests.set(id, enter(host));
  }
  const guest = await guests.get(id);
  if (guest) return run(guest.tx);
  const tx = await transaction(id, scope?.writes ?? null);
  const entry = open.get(id);
  return entry ? entry.lane.run(() => run(tx)) : run(tx);
}

async function end(id: number, commit: boolean): Promise<null> {
  const guest = await guests.get(id);
  guests.delete(id);
  if (guest) {
    // A guest changed nothing it could keep: commit or not, its savepoint is rolled back.
    await guest.leave();
    return null;
  }
  // A transaction whose callback sent no statement was never begun; one still beginning is waited for.
  await starting.get(id)?.catch(() => {});
  const entry = open.get(id);
  if (!entry) return null;
  await entry.lane.run(async () => {
    entry.closed = true;
    entry.end(commit);
    await entry.settled;
  });
  return null;
}

/**
 * The open transaction `id`, begun on its first statement (a round trip less than a begin message of its own). The
 * message order is PGlite's order: a statement sent after this one waits for the transaction to end.
 */
function transaction(id: number, writes: string[] | null): Promise<Transaction> {
  const known = starting.get(id);
  if (known) return known;
  const started = new Promise<Transaction>((started, failed) => {
    const settled: Promise<void> = live()
      .transaction(async (tx) => {
        const commit = await new Promise<boolean>((end) => {
          open.set(id, { tx, end, settled, writes: writes ? new Set(writes) : null, lane: new Lane(), closed: false });
          started(tx);
        });
        if (!commit) throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      })
      .finally(() => {
        open.delete(id);
        starting.delete(id);
      });
    // A failure before the callback ran (BEGIN itself failed) is the first statement's; after, the end request's.
    settled.catch(failed);
  });
  starting.set(id, started);
  return started;
}

self.onmessage = (event) => {
  const request = event.data;
  handle(request).then(
    (result) => self.postMessage({ id: request.id, result }),
    (error: unknown) => self.postMessage({ id: request.id, error: error instanceof Cancelled ? CANCELLED : serialiseDatabaseError(error) }),
  );
};

// Opens the database: embedded PGlite in a folder (the default) or a PostgreSQL server via postgres.js,
// behind one drizzle handle, and applies the migrations in migrations/.
import { fileURLToPath } from "node:url";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql, type SQL } from "drizzle-orm";
import * as schema from "./schema.ts";
import { ForegroundGate } from "./foreground-gate.ts";
import { openPgliteThread, type PgliteQueryable } from "./pglite-thread-client.ts";
import { currentSiteScope } from "./site-scope.ts";
import { withStatementSignal } from "./statement-signal.ts";
import { preparePrivateDataDir, tightenDataDir } from "./private-folder.ts";
import type { PGlite } from "@electric-sql/pglite";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Extensions installed in the database (vector, pg_textsearch, …). */
  extensions: Set<string>;
  /** Embedded PGlite's: bulk writes wait for a visitor's statements (foreground-gate.ts). Null on a server. */
  gate: ForegroundGate | null;
  /** Embedded PGlite in memory: the whole database as a tar of its data folder, to open again as `image`. */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL("../../../migrations", import.meta.url));

/** `image` (PGlite in memory only): start from an earlier dump() instead of an empty database; migrations still run. */
export async function openDatabase(opts: { databaseUrl: string | null; dataDir: string; migrate?: boolean; image?: Blob }): Promise<Database> {
  const database = opts.databaseUrl ? await openPostgres(opts.databaseUrl) : await openPglite(opts.dataDir, opts.image);
  if (opts.migrate !== false) await database.migrate();
  const installed = await rows<{ extname: string }>(database.db, sql`SELECT extname FROM pg_extension`);
  return {
    db: database.db,
    kind: database.kind,
    extensions: new Set(installed.map((r) => r.extname)),
    gate: database.gate,
    ...("dump" in database ? { dump: database.dump } : {}),
    close: database.close,
  };
}

async function openPglite(dataDir: string, image?: Blob) {
  const [{ drizzle }, { migrate }] = await Promise.all([import("drizzle-orm/pglite"), import("drizzle-orm/pglite/migrator")]);
  if (dataDir !== "memory://") preparePrivateDataDir(dataDir);
  // PGlite runs on a thread of its own (pglite-thread-client.ts); drizzle reaches it through query (statements) and
  // transaction, and both tell the gate what runs.
  const client = await openPgliteThread(dataDir, dataDir === "memory://" ? image : undefined);
  if (dataDir !== "memory://") tightenDataDir(dataDir);
  const gate = new ForegroundGate();
  const { query, transaction } = client;
  client.query = (...args) => gate.track(() => query(...args));
  client.transaction = (callback) => gate.track(() => transaction((tx) => callback(betweenReads(gate, tx))));
  const db = drizzle({ client: client as unknown as PGlite, schema });
  return {
    db: db as unknown as Db,
    kind: "pglite" as const,
    gate,
    migrate: () => migrate(db, { migrationsFolder }),
    dump: () => client.dump(),
    close: () => client.close(),
  };
}

/** A bulk write's transaction whose statements let reads of other sites go first (ForegroundGate.betweenStatements). */
function betweenReads(gate: ForegroundGate, tx: PgliteQueryable): PgliteQueryable {
  const writes = currentSiteScope()?.writes;
  if (!writes || !gate.inBulk()) return tx;
  return { query: (...args) => gate.betweenStatements(writes, () => tx.query(...args)) };
}

async function openPostgres(url: string) {
  const [{ default: postgres }, { drizzle }, { migrate }] = await Promise.all([
    import("postgres"),
    import("drizzle-orm/postgres-js"),
    import("drizzle-orm/postgres-js/migrator"),
  ]);
  const client = postgres(url, { max: 10, onnotice: () => {}, idle_timeout: 30 });
  const db = drizzle({ client, schema });
  return {
    db: db as unknown as Db,
    kind: "postgres" as const,
    gate: null,
    // Serialise migrations across instances starting together: the first takes the lock, the rest wait and find nothing to do.
    migrate: async () => {
      await client`SELECT pg_advisory_lock(727274)`;
      try {
        await migrate(db, { migrationsFolder });
      } finally {
        await client`SELECT pg_advisory_unlock(727274)`;
      }
    },
    close: () => client.end({ timeout: 5 }),
  };
}

/**
 * Runs raw SQL and returns its rows, whichever driver answers (PGlite gives {rows}, postgres.js an array). A visitor's
 * abort stops the work before the statement is sent and, on embedded PGlite, while it waits for its turn on the
 * database's thread; a statement already running is not interrupted.
 */
export async function rows<T>(db: Pick<Db, "execute">, query: SQL, signal?: AbortSignal): Promise<T[]> {
  signal?.throwIfAborted();
  // Awaited inside: drizzle sends the statement when its query is awaited, and the signal is read then.
  const send = async () => (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  // drizzle wraps a cancelled statement's error in its own: the caller hears the visitor's abort as the abort it is.
  const result = signal
    ? await withStatementSignal(signal, send).catch((error: unknown) => Promise.reject(signal.aborted ? signal.reason : error))
    : await send();
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/** A duplicate in a unique index (SQLSTATE 23505), however the driver wraps the error. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === "23505") return true;
  return false;
}

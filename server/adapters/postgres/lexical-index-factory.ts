// Picks the in-database lexical engine: pg_textsearch BM25 when the extension is installed, else built-in
// full-text search. LEXICAL_ENGINE may force one; forcing pg_textsearch without the extension is a start-up error.
import type { LexicalIndex } from "../../ports/lexical-index.ts";
import { ConfigError } from "../../errors/config-error.ts";
import type { Database } from "./database.ts";
import { PgTextsearchIndex } from "./pg-textsearch-index.ts";
import { PostgresFtsIndex } from "./fts-index.ts";

export type PostgresLexicalEngine = "pg_textsearch" | "postgres-fts";

export function choosePostgresLexicalEngine(requested: string, extensions: ReadonlySet<string>): PostgresLexicalEngine {
  if (requested === "postgres-fts") return "postgres-fts";
  if (requested === "pg_textsearch") {
    if (!extensions.has("pg_textsearch")) {
      throw new ConfigError("LEXICAL_ENGINE=pg_textsearch but the database has no pg_textsearch extension; install it or set LEXICAL_ENGINE=auto.");
    }
    return "pg_textsearch";
  }
  return extensions.has("pg_textsearch") ? "pg_textsearch" : "postgres-fts";
}

/** Builds the index and creates its Postgres index if missing (CREATE INDEX IF NOT EXISTS). */
export async function createPostgresLexicalIndex(database: Pick<Database, "db" | "extensions">, requested: string): Promise<LexicalIndex> {
  const engine = choosePostgresLexicalEngine(requested, database.extensions);
  const index = engine === "pg_textsearch" ? new PgTextsearchIndex(database.db) : new PostgresFtsIndex(database.db);
  await index.ensureIndex();
  return index;
}

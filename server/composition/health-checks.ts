// The checks behind GET /health that no single service owns: the database answering, and the embedder answering (with its backlog).
import { sql } from "drizzle-orm";
import { rows, type Database } from "../adapters/postgres/database.ts";
import type { Embedder } from "../ports/embedder.ts";
import type { EmbeddingStore } from "../ports/embedding-store.ts";
import type { HealthCheck } from "../ports/health-check.ts";
import { embeddingsHealthCheck as probedEmbeddingsHealthCheck } from "../health/embeddings-health-check.ts";

export function databaseHealthCheck(database: Database): HealthCheck {
  return {
    name: "database",
    check: async () => {
      await rows(database.db, sql`SELECT 1`);
      return { ok: true, engine: database.kind, extensions: [...database.extensions].sort() };
    },
  };
}

/** The embedder is probed for real (server/health/embeddings-health-check.ts), with the backlog beside the verdict. */
export function embeddingsHealthCheck(embedder: Embedder | null, store: EmbeddingStore): HealthCheck {
  return probedEmbeddingsHealthCheck({ embedder, pendingChunks: () => store.pendingCount() });
}

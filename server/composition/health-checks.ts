// The checks behind GET /health that no single service owns: the database answering, and the embedding backlog.
import { sql } from "drizzle-orm";
import { rows, type Database } from "../adapters/postgres/database.ts";
import type { Embedder } from "../ports/embedder.ts";
import type { EmbeddingStore } from "../ports/embedding-store.ts";
import type { HealthCheck } from "../ports/health-check.ts";

export function databaseHealthCheck(database: Database): HealthCheck {
  return {
    name: "database",
    check: async () => {
      await rows(database.db, sql`SELECT 1`);
      return { ok: true, engine: database.kind, extensions: [...database.extensions].sort() };
    },
  };
}

export function embeddingsHealthCheck(embedder: Embedder | null, store: EmbeddingStore): HealthCheck {
  return {
    name: "embeddings",
    check: async () => ({ ok: true, model: embedder?.model ?? null, dimensions: embedder?.dimensions ?? null, pendingChunks: await store.pendingCount() }),
  };
}

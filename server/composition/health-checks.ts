// The checks behind GET /health that no single service owns: the database answering, and the embedder answering (with its backlog).
import type { Embedder } from "../ports/embedder.ts";
import type { EmbeddingStore } from "../ports/embedding-store.ts";
import type { HealthCheck } from "../ports/health-check.ts";
import { embeddingsHealthCheck as probedEmbeddingsHealthCheck } from "../health/embeddings-health-check.ts";

export { databaseHealthCheck } from "../adapters/postgres/database-health-check.ts";

/** The embedder is probed for real (server/health/embeddings-health-check.ts), with the backlog beside the verdict. */
export function embeddingsHealthCheck(embedder: Embedder | null, store: EmbeddingStore): HealthCheck {
  return probedEmbeddingsHealthCheck({ embedder, pendingChunks: () => store.pendingCount() });
}

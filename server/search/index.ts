// The search use case's public entry point: what other use-case folders may import from it.
export type { HybridChunksOutput, HybridSearchInput } from "./hybrid-search.ts";

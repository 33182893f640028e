// Turns text into vectors for semantic search. Adapters: adapters/embedder/*.
export interface EmbedInput {
  texts: string[];
  /** Queries and passages may be encoded differently by some models (e.g. E5/BGE prefixes). */
  kind: "query" | "passage";
  signal?: AbortSignal;
}

export interface EmbedOutput {
  /** One unit-length vector per input text, in input order. */
  vectors: number[][];
  /** Tokens consumed, when the engine reports them (0 otherwise). */
  tokens: number;
  ms: number;
}

export interface Embedder {
  /** Stable model identifier stored beside each vector; a change of model triggers re-embedding. */
  readonly model: string;
  readonly dimensions: number;
  embed(input: EmbedInput): Promise<EmbedOutput>;
  /** Resolves when the model is loaded and answers; used by /health. */
  ready(): Promise<void>;
}

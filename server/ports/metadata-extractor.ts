// Fills in a page's missing title, summary and tags. Adapters: ingest/heuristic-metadata.ts, adapters/anthropic/metadata-extractor.ts.
export interface MetadataInput {
  url: string;
  text: string;
  /** Only these fields are wanted; the others were supplied by the caller. */
  missing: Array<"title" | "summary" | "tags">;
  signal?: AbortSignal;
}

export interface MetadataOutput {
  title?: string;
  summary?: string;
  tags?: string[];
  model: string | null;
  inputTokens: number;
  outputTokens: number;
  ms: number;
}

export interface MetadataExtractor {
  extract(input: MetadataInput): Promise<MetadataOutput>;
}

// Loads hybrid search's candidate chunks with their page fields, and the exact cosine similarity of each
// to the query, so a chunk found only by keywords still gets its semantic score.
import { sql } from "drizzle-orm";
import type { SearchChunk, SearchChunkSource, SearchChunksInput } from "../../ports/search-chunks.ts";
import { readingSites } from "./site-scope.ts";
import { rows, type Db } from "./database.ts";

interface Row {
  chunk_id: string;
  page_id: string;
  site_id: string;
  url: string;
  title: string;
  tags: string[];
  metadata: Record<string, unknown> | string;
  heading_path: string[];
  anchor: string | null;
  text: string;
  similarity: number | null;
}

export class SearchChunkStore implements SearchChunkSource {
  /** `model`: only vectors of this model are compared with the query vector. */
  constructor(
    private readonly db: Db,
    private readonly model: string | null,
  ) {}

  async load(input: SearchChunksInput): Promise<SearchChunk[]> {
    if (input.chunkIds.length === 0) return [];
    const similarity =
      input.vector && this.model
        ? sql`CASE WHEN c.embedding_model = ${this.model} AND vector_dims(c.embedding) = ${input.vector.length}
                THEN 1 - (c.embedding <=> ${`[${input.vector.join(",")}]`}::vector) END`
        : sql`NULL::float8`;
    // Each candidate's page by its key (LIMIT 1 keeps the lateral subquery a per-row index lookup): as a plain join
    // the planner hashed every page of the table for 200 candidates (a 5 ms scan at 10k pages on PGlite).
    const found = await readingSites(input.siteIds, () =>
      rows<Row>(
        this.db,
        sql`SELECT c.id AS chunk_id, c.page_id, c.site_id, p.url, p.title, p.tags, p.metadata, c.heading_path, c.anchor, c.text,
                 ${similarity} AS similarity
          FROM chunks c
          CROSS JOIN LATERAL (SELECT url, title, tags, metadata FROM pages WHERE pages.id = c.page_id LIMIT 1) p
          WHERE c.id = ANY(${sql.param(input.chunkIds)}::text[]) AND c.site_id = ANY(${sql.param(input.siteIds)}::text[])`,
        input.signal,
      ),
    );
    input.signal?.throwIfAborted();
    return found.map((r) => ({
      chunkId: r.chunk_id,
      pageId: r.page_id,
      siteId: r.site_id,
      url: r.url,
      title: r.title,
      tags: r.tags ?? [],
      metadata: typeof r.metadata === "string" ? (JSON.parse(r.metadata) as Record<string, unknown>) : (r.metadata ?? {}),
      headingPath: r.heading_path ?? [],
      anchor: r.anchor,
      text: r.text,
      similarity: r.similarity === null ? null : Number(r.similarity),
    }));
  }

  async similarities(input: { siteIds: string[]; chunkIds: string[]; vector: number[]; signal?: AbortSignal }): Promise<Map<string, number>> {
    if (input.chunkIds.length === 0 || !this.model) return new Map();
    // Only the ids and one distance each: reading the rows' text and pages again took most of a full search's statement.
    const found = await readingSites(input.siteIds, () =>
      rows<{ id: string; similarity: number }>(
        this.db,
        sql`SELECT id, 1 - (embedding <=> ${`[${input.vector.join(",")}]`}::vector) AS similarity
            FROM chunks
            WHERE id = ANY(${sql.param(input.chunkIds)}::text[]) AND site_id = ANY(${sql.param(input.siteIds)}::text[])
              AND embedding_model = ${this.model} AND vector_dims(embedding) = ${input.vector.length}`,
        input.signal,
      ),
    );
    input.signal?.throwIfAborted();
    return new Map(found.map((r) => [r.id, Number(r.similarity)]));
  }
}
